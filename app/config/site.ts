/**
 * The one place the header, footer, legal pages, structured data and mails read these from. The contact
 * details and hours are the agency's to edit: app/content/contact-details.ts (decision 0052).
 */
export const site = {
  name: "ROI Media",
  legalName: "ROI Media (Pty) Ltd",
  tagline: "Performance marketing that pays for itself",
  description:
    "Johannesburg performance-marketing agency: Google, Meta and LinkedIn ads, SEO, CRO, analytics and AI automation priced in rand.",
  address: {
    country: "South Africa",
    countryCode: "ZA",
  },
  currency: "ZAR",
  locale: "en-ZA",
  timeZone: "Africa/Johannesburg",
  /** No daylight saving since 1944, so times convert with a fixed offset. */
  utcOffsetMs: 2 * 60 * 60 * 1000,
  themeColor: "#0f172a",
} as const;
