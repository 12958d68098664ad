import type { ContactContent } from "#app/content/contact-details.ts";
import { type FormErrors, type FormValues, type MappedFieldSpec, postText, textProblem } from "#app/content/field-map.ts";
import { isEmailAddress } from "#app/forms/rules.ts";

/**
 * The contact details editor's form (/admin/contact, decision 0052), built from the field map below: the
 * email, the phone as shown (its tel: link is made from it), the phone's hours, the city and the province.
 * A phone is taken only as a South African number and stored as "+27 11 568 0287". Here, not in
 * contact-details.ts: the public pages' script need not carry the rule.
 */

// The company profile's cover gives the email, phone and office in three columns of 165 points: 28
// characters of its bold type fill one. The footer's column (a quarter of the page) holds as much.
const EMAIL_MAX = 28;
// One line under the phone, in the footer and on /contact's card.
const HOURS_MAX = 40;
// "City, Province" in the cover's last column; South Africa's longest are 16 ("Pietermaritzburg") and 13.
const PLACE_MAX = 18;

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

export const contactFields = [
  { key: "email", label: "Email", kind: "text", hint: `The address mails and pages give, up to ${EMAIL_MAX} characters` },
  { key: "phone", label: "Phone", kind: "text", hint: "A South African number, e.g. +27 11 568 0287 or 011 568 0287: shown the first way" },
  { key: "phoneHours", label: "Phone hours", kind: "text", hint: `Up to ${HOURS_MAX} characters, e.g. Weekdays 9AM-6PM SAST` },
  { key: "locality", label: "City", kind: "text", hint: `Up to ${PLACE_MAX} characters, e.g. Johannesburg` },
  { key: "region", label: "Province", kind: "text", hint: `Up to ${PLACE_MAX} characters, e.g. Gauteng` },
] as const satisfies readonly MappedFieldSpec[];

type ContactKey = (typeof contactFields)[number]["key"];

export function contactValuesOf(content: ContactContent): FormValues {
  return { ...content };
}

export type ContactRead = { ok: true; content: ContactContent; values: FormValues } | { ok: false; errors: FormErrors; values: FormValues };

/** The details a post gives, the phone normalised, or every field's problem with what was typed. */
export function readContactPost(fields: Readonly<Record<string, unknown>>): ContactRead {
  const values = Object.fromEntries(contactFields.map(({ key }) => [key, postText(fields, key)])) as Record<ContactKey, string>;
  const errors: FormErrors = {};
  const problem = (key: ContactKey, message: string | undefined) => {
    if (message) errors[key] = message;
  };
  problem("email", textProblem(values.email, "Email", { max: EMAIL_MAX }));
  if (!errors.email && !isEmailAddress(values.email)) errors.email = "Give an email address as name@domain, e.g. info@roimedia.co.za.";
  const phone = southAfricanPhone(values.phone);
  problem("phone", textProblem(values.phone, "Phone", { max: 20 }));
  if (!errors.phone && !phone)
    errors.phone = "Give a South African number: +27 and its 9 digits, or 0 and the same 9 (spaces are fine), e.g. 011 568 0287.";
  problem("phoneHours", textProblem(values.phoneHours, "Phone hours", { max: HOURS_MAX }));
  problem("locality", textProblem(values.locality, "City", { max: PLACE_MAX }));
  problem("region", textProblem(values.region, "Province", { max: PLACE_MAX }));
  if (Object.keys(errors).length || !phone) return { ok: false, errors, values };
  return { ok: true, content: { ...values, phone }, values: { ...values, phone } };
}
