import { site } from "#app/config/site.ts";
import { escapeHtml } from "#app/lib/escape-html.ts";
import { formatReceived } from "#app/lib/sast.ts";
import type { BotCheck } from "#server/db/columns.ts";

export interface Notification {
  kind: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
}

export interface LeadNotice {
  /** SPEC.md section 7's notification type. */
  kind: string;
  heading: string;
  name: string | null;
  email: string;
  company: string | null;
  fields: Array<{ label: string; value: string; multiline?: boolean }>;
}

export interface LeadContext {
  leadTable: string;
  leadId: number;
  botCheck: BotCheck;
  clientAddress: string;
  userAgent: string | null;
  receivedAt: Date;
}

const botCheckNames: Record<BotCheck, string> = {
  altcha: "ALTCHA proof of work",
  "recaptcha-v3": "reCAPTCHA v3",
  "recaptcha-v2": "reCAPTCHA v2",
  turnstile: "Cloudflare Turnstile",
  noscript:
    "none possible: sent from a browser without JavaScript (passed the honeypot, a signed form token at least 3 seconds old and the stricter rate limit)",
};

const NOSCRIPT_SUBJECT_NOTE = " [sent without JavaScript]";

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

export function renderNotification(notice: LeadNotice, context: LeadContext): Notification {
  const who = [notice.name, notice.company].filter(Boolean).join(", ") || notice.email;
  const noscript = context.botCheck === "noscript";
  const subject = oneLine(`${notice.heading}: ${who}${noscript ? NOSCRIPT_SUBJECT_NOTE : ""}`);

  const about = [
    { label: "Received", value: formatReceived(context.receivedAt) },
    { label: "Bot check", value: botCheckNames[context.botCheck] },
    { label: "Client address", value: context.clientAddress },
    { label: "User agent", value: context.userAgent ?? "Not specified" },
    { label: "Reference", value: `${notice.kind} #${context.leadId} (${context.leadTable})` },
  ];

  const text = [
    `${notice.heading} from the ${site.name} website`,
    "",
    ...notice.fields.map((f) => (f.multiline && f.value.includes("\n") ? `${f.label}:\n${f.value}\n` : `${f.label}: ${f.value}`)),
    "",
    "--",
    ...about.map((f) => `${f.label}: ${f.value}`),
    "",
    `Reply to this email to answer ${notice.email}.`,
  ].join("\n");

  const row = (label: string, value: string) =>
    `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0;white-space:nowrap">${escapeHtml(label)}</th>` +
    `<td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`;
  const html = [
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a">`,
    `<h1 style="font-size:18px">${escapeHtml(notice.heading)}</h1>`,
    `<table cellspacing="0" cellpadding="0">${notice.fields.map((f) => row(f.label, f.value)).join("")}</table>`,
    noscript ? `<p><strong>Sent without JavaScript:</strong> no captcha could run; see the bot check below.</p>` : "",
    `<hr><table cellspacing="0" cellpadding="0" style="font-size:12px;color:#475569">${about.map((f) => row(f.label, f.value)).join("")}</table>`,
    `</body></html>`,
  ].join("");

  return { kind: notice.kind, replyTo: notice.email, subject, text, html };
}
