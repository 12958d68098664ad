import { domainToUnicode } from "node:url";

/**
 * An address in the form the visitor typed it. Chromium posts an email
 * input's internationalised domain in its ASCII form (info@xn--mller-kva.co.za),
 * other browsers as typed (info@müller.co.za): both are kept in the Unicode
 * form, so one person's leads are shown, searched and forgotten under one
 * address. Mail still reaches it: nodemailer sends to the ASCII form.
 */
export function typedEmail(address: string): string {
  const at = address.lastIndexOf("@");
  const domain = address.slice(at + 1);
  // eslint-disable-next-line no-control-regex -- "not ASCII" is the range from NUL to DEL
  if (at < 0 || !/[^\x00-\x7F]|(^|\.)xn--/i.test(domain)) return address;
  return `${address.slice(0, at + 1)}${domainToUnicode(domain) || domain}`;
}

/** Gmail's domains: one mailbox under either, whatever the dots in its name. */
const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * The mailbox an address reaches, for counting what is sent to it: lowercased
 * and trimmed, without a "+tag" (Gmail, Outlook, Fastmail and most others
 * deliver name+anything to name), and for Gmail without the dots of its name
 * and with googlemail.com as gmail.com. Two addresses with one mailbox are
 * one subscriber and one visitor with calls booked; the address itself is
 * kept as typed, since a provider that ignores neither rule still delivers to
 * it (docs/decisions/0028-exports-in-pages-and-mailbox-identity.md).
 */
export function mailboxOf(address: string): string {
  const lower = typedEmail(address.trim()).toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 1) return lower;
  const domain = lower.slice(at + 1);
  const tag = lower.indexOf("+");
  const name = lower.slice(0, tag > 0 && tag < at ? tag : at);
  return GMAIL_DOMAINS.has(domain) ? `${name.replaceAll(".", "")}@gmail.com` : `${name}@${domain}`;
}
