import { z } from "#app/lib/zod.ts";
import { type FormField, shortLabelOf } from "#app/forms/definition.ts";

/**
 * The rules every form's fields are built from (SPEC.md section 5), shared by
 * the browser and the server: no server imports here. Every text field has a
 * maximum, so a huge body can never be stored, and refuses characters no
 * visitor types.
 */

/** A one-line input, or a text area. */
export type Lines = "one" | "many";

/**
 * What no field may hold: the C0 controls (PostgreSQL text cannot even store
 * NUL), DEL, the C1 controls and a lone surrogate half; a one-line field no
 * line break either. A tab is pasted in good faith and harms nothing.
 */
/* eslint-disable no-control-regex -- these patterns exist to find control characters */
const disallowed: Record<Lines, RegExp> = {
  many: /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\p{Cs}/u,
  one: /[\u0000-\u0008\u000A-\u001F\u007F-\u009F\u2028\u2029]|\p{Cs}/u,
};
/* eslint-enable no-control-regex */

export function hasDisallowedCharacters(value: string, lines: Lines): boolean {
  return disallowed[lines].test(value);
}

export const notAllowed = (label: string) => `${label} contains characters that are not allowed`;
const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

/** What a text rule reads of its field (app/forms/definition.ts FormField). */
type TextField = Pick<FormField, "label" | "shortLabel" | "multiline"> & { maxLength: number };

/**
 * Every text field's rules, so no field can miss one: trimmed, NFC (an
 * address or a name typed on different keyboards reads the same), required
 * when `required` gives its message (blank counts as missing), no disallowed
 * characters, at most the field's `maxLength` characters.
 */
export function text(field: TextField, { required, tooLongMessage }: { required?: string; tooLongMessage?: string } = {}) {
  const label = shortLabelOf(field);
  const lines: Lines = field.multiline ? "many" : "one";
  return z.string(required ? { error: required } : undefined).check(
    z.trim(),
    z.normalize("NFC"),
    ...(required ? [z.minLength(1, { error: required, abort: true })] : []),
    z.refine((value: string) => !hasDisallowedCharacters(value, lines), { error: notAllowed(label), abort: true }),
    z.maxLength(field.maxLength, tooLongMessage ?? tooLong(label, field.maxLength)),
  );
}

/** A text field that must be filled in; a missing or blank value reads `message`. */
export function requiredText(message: string, field: TextField) {
  return text(field, { required: message });
}

/** A text field that may be left empty (empty text and an absent field are both fine). */
export function optionalText(field: TextField) {
  return z.optional(text(field));
}

/** A domain mail can reach, in its ASCII form: letters, digits and hyphens, a top-level name of letters (or punycode). */
const asciiDomain = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * The ASCII form of a host name as a browser's URL parser gives it
 * (müller.co.za → xn--mller-kva.co.za), or null when it is none; the same in
 * the browser and on the server, and the form mail is delivered to.
 */
function asciiHostname(host: string): string | null {
  // Characters the URL parser would read as another part of a URL, or decode.
  if (!host || /[\s/?#@:[\]\\%]/.test(host)) return null;
  // The URL parser lets a label start or end with a hyphen (hidden inside punycode); DNS does not.
  if (host.split(".").some((label) => label.startsWith("-") || label.endsWith("-"))) return null;
  try {
    const { hostname } = new URL(`http://${host}`);
    return asciiDomain.test(hostname) ? hostname : null;
  } catch {
    return null;
  }
}

/** The local part zod's own email check allows (ASCII: few mail servers take SMTPUTF8). */
const emailLocalPart = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]$/;

/** An address mail can reach, its domain internationalised or not (info@müller.co.za). */
function isEmailAddress(value: string): boolean {
  const at = value.lastIndexOf("@");
  return at > 0 && at <= 64 && emailLocalPart.test(value.slice(0, at)) && asciiHostname(value.slice(at + 1)) !== null;
}

export function email(field: TextField, message: string) {
  return text(field, { required: message }).check(z.refine(isEmailAddress, message));
}

/** A web address as an input of type url takes it, on the web: http or https, and a host name. */
export function isWebsiteUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && asciiDomain.test(url.hostname);
  } catch {
    return false;
  }
}

export const websiteUrlMessage = "Please enter a valid website URL";

/** A select that may be left on its empty placeholder; any other value must be one of the options. */
export function optionalChoice<const V extends readonly [string, ...string[]]>(options: V, message: string) {
  return z.optional(z.union([z.literal(""), z.enum(options, { error: message })], { error: message }));
}
