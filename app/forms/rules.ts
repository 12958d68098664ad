import { z } from "#app/lib/zod.ts";
import { type FormField, shortLabelOf } from "#app/forms/definition.ts";

// Shared by browser and server: no server imports here. Every text field has a maximum.

export type Lines = "one" | "many";

/** PostgreSQL text cannot store NUL; a tab is pasted in good faith and harms nothing. */
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

type TextField = Pick<FormField, "label" | "shortLabel" | "multiline"> & { maxLength: number };

/** NFC, so text typed on different keyboards reads the same. */
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

export function requiredText(message: string, field: TextField) {
  return text(field, { required: message });
}

export function optionalText(field: TextField) {
  return z.optional(text(field));
}

const asciiDomain = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** The same in the browser and on the server, and the form mail is delivered to. */
function asciiHostname(host: string): string | null {
  if (!host || /[\s/?#@:[\]\\%]/.test(host)) return null;
  if (host.split(".").some((label) => label.startsWith("-") || label.endsWith("-"))) return null;
  try {
    const { hostname } = new URL(`http://${host}`);
    return asciiDomain.test(hostname) ? hostname : null;
  } catch {
    return null;
  }
}

/** ASCII: few mail servers take SMTPUTF8. */
const emailLocalPart = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]$/;

export function isEmailAddress(value: string): boolean {
  const at = value.lastIndexOf("@");
  return at > 0 && at <= 64 && emailLocalPart.test(value.slice(0, at)) && asciiHostname(value.slice(at + 1)) !== null;
}

export function email(field: TextField, message: string) {
  return text(field, { required: message }).check(z.refine(isEmailAddress, message));
}

export function isWebsiteUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && asciiDomain.test(url.hostname);
  } catch {
    return false;
  }
}

export const websiteUrlMessage = "Please enter a valid website URL";

export function optionalChoice<const V extends readonly [string, ...string[]]>(options: V, message: string) {
  return z.optional(z.union([z.literal(""), z.enum(options, { error: message })], { error: message }));
}
