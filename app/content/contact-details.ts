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

/**
 * A South African number as typed, spaces allowed: +27 then its 9 digits, or 0 then the same 9 (the
 * national form). Shown as "+27 11 568 0287" (area or network code, then 3 and 4 digits); null when not one.
 */
export function southAfricanPhone(typed: string): string | null {
  const match = /^(?:\+27|0)([1-9]\d{8})$/.exec(typed.replaceAll(" ", ""));
  if (!match) return null;
  const digits = match[1]!;
  return `+27 ${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`;
}

/** The phone's link, never typed: "tel:+27115680287". */
export const phoneHref = (phone: string) => `tel:${phone.replaceAll(" ", "")}`;

/** The line that signs the newsletter's mails. */
export const mailSignature = (contact: ContactContent) => `${site.name}, ${contact.locality} | ${contact.email} | ${contact.phone}`;
