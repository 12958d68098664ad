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
