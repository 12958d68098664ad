import { domainToUnicode } from "node:url";

/** Chromium posts an internationalised domain in ASCII, others as typed: kept in Unicode so one person has one address. */
export function typedEmail(address: string): string {
  const at = address.lastIndexOf("@");
  const domain = address.slice(at + 1);
  // eslint-disable-next-line no-control-regex -- "not ASCII" is the range from NUL to DEL
  if (at < 0 || !/[^\x00-\x7F]|(^|\.)xn--/i.test(domain)) return address;
  return `${address.slice(0, at + 1)}${domainToUnicode(domain) || domain}`;
}

const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/** Two addresses with one mailbox are one subscriber and one visitor; the address itself is kept as typed (decision 0028). */
export function mailboxOf(address: string): string {
  const lower = typedEmail(address.trim()).toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 1) return lower;
  const domain = lower.slice(at + 1);
  const tag = lower.indexOf("+");
  const name = lower.slice(0, tag > 0 && tag < at ? tag : at);
  return GMAIL_DOMAINS.has(domain) ? `${name.replaceAll(".", "")}@gmail.com` : `${name}@${domain}`;
}
