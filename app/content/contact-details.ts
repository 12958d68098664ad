import { site } from "#app/config/site.ts";

/**
 * The agency's contact details and hours (SPEC.md), as the agency edits them at /admin/contact (decision
 * 0052): the footer of every page, /contact's cards, the legal pages, the structured data, the company
 * profile and the mails read them. This is SPEC.md's, what a new site starts with. The country stays
 * config (app/config/site.ts): the phone's rule is South Africa's.
 */
export interface ContactContent {
  email: string;
  /** As shown, normalised: "+27 11 568 0287". The tel: link is made from it (phoneHref). */
  phone: string;
  phoneHours: string;
  /** The city. */
  locality: string;
  /** The province. */
  region: string;
}

export const specContact: ContactContent = {
  email: "info@roimedia.co.za",
  phone: "+27 11 568 0287",
  phoneHours: "Weekdays 9AM-6PM SAST",
  locality: "Johannesburg",
  region: "Gauteng",
};

/** The phone's link, never typed: "tel:+27115680287". */
export const phoneHref = (phone: string) => `tel:${phone.replaceAll(" ", "")}`;

/** The line that signs the newsletter's mails. */
export const mailSignature = (contact: ContactContent) => `${site.name}, ${contact.locality} | ${contact.email} | ${contact.phone}`;
