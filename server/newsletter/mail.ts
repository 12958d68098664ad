import { type ContactContent, mailSignature } from "#app/content/contact-details.ts";
import { newsletterName } from "#app/content/newsletter.ts";
import { newsletterRules } from "#app/forms/newsletter.ts";
import { escapeHtml } from "#app/lib/escape-html.ts";
import { formatReceived } from "#app/lib/sast.ts";
import type { Notification } from "#server/mail/render.ts";

export const CONFIRMATION_KIND = "Newsletter confirmation";

/** RFC 8058: lets a mail client offer its own Unsubscribe button. */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

export interface ConfirmationContext {
  email: string;
  confirmUrl: string;
  unsubscribeUrl: string;
  signupPage: string;
  signedUpAt: Date;
  /** The live contact details that sign it (decision 0052). */
  contact: ContactContent;
}

export function confirmationMail(context: ConfirmationContext): Notification {
  const subject = `Please confirm your subscription to ${newsletterName}`;
  const when = formatReceived(context.signedUpAt);
  const paragraphs = [
    `Hello,`,
    `Someone, we hope you, asked for ${newsletterName} to be sent to ${context.email}, on ${context.signupPage} on ${when}. It is one practical idea a week on Google, Meta and LinkedIn ads, conversion optimisation and analytics, written for South African advertisers.`,
    `To confirm, open this link within ${newsletterRules.confirmDays} days:`,
    context.confirmUrl,
    `If you did not ask for it, ignore this email: you will not be subscribed, and we delete the request after ${newsletterRules.confirmDays} days.`,
    `You can leave at any time: every email from us has an unsubscribe link. To leave now: ${context.unsubscribeUrl}`,
    mailSignature(context.contact),
  ];
  const text = paragraphs.join("\n\n");
  const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  const html = [
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a;line-height:1.5">`,
    `<p>Hello,</p>`,
    `<p>${escapeHtml(paragraphs[1]!)}</p>`,
    `<p><a href="${escapeHtml(context.confirmUrl)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:bold">Confirm my subscription</a></p>`,
    `<p style="font-size:13px;color:#475569">Or open this link within ${newsletterRules.confirmDays} days: ${link(context.confirmUrl, context.confirmUrl)}</p>`,
    `<p>${escapeHtml(paragraphs[4]!)}</p>`,
    `<p style="font-size:13px;color:#475569">You can leave at any time: every email from us has an unsubscribe link. ${link(context.unsubscribeUrl, "Unsubscribe")}</p>`,
    `<p style="font-size:12px;color:#475569">${escapeHtml(paragraphs[6]!)}</p>`,
    `</body></html>`,
  ].join("");
  return { kind: CONFIRMATION_KIND, replyTo: null, subject, text, html };
}
