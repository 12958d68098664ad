/** The one place the header, footer, legal pages, structured data and mails read these from. */
export const site = {
  name: "ROI Media",
  legalName: "ROI Media (Pty) Ltd",
  tagline: "Performance marketing that pays for itself",
  description:
    "Johannesburg performance-marketing agency: Google, Meta and LinkedIn ads, SEO, CRO, analytics and AI automation priced in rand.",
  email: "info@roimedia.co.za",
  phone: { display: "+27 11 568 0287", href: "tel:+27115680287" },
  phoneHours: "Weekdays 9AM-6PM SAST",
  address: {
    locality: "Johannesburg",
    region: "Gauteng",
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
