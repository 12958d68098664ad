import type { LeadEventV1 } from "#server/webhooks/payload.ts";

// Slack cuts at 40,000 characters and folds long messages; a lead reads whole well under this.
const MAX_TEXT = 3000;
const MAX_VALUE = 300;

// Slack's mrkdwn reads <…> as links and mentions (<!channel>).
function escape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function slackMessage(event: LeadEventV1, siteUrl: string): string {
  const { data } = event;
  const heading = event.type === "booking.created" ? "New booking" : `New lead: ${data.formLabel}`;
  const lines = data.fields
    .filter((field) => field.value !== "")
    .map((field) => `*${escape(field.label)}:* ${escape(shorten(field.value.replace(/\s*\n\s*/g, " / "), MAX_VALUE))}`);
  const inbox = `<${siteUrl}/admin|Open the lead inbox>`;
  const head = `*${escape(heading)}* (${escape(data.page)})`;
  const text = shorten([head, ...lines].join("\n"), MAX_TEXT - inbox.length - 1);
  return JSON.stringify({ text: `${text}\n${inbox}` });
}
