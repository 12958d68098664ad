import { site } from "#app/config/site.ts";
import { type ContactContent, mailSignature } from "#app/content/contact-details.ts";
import { newsletterName } from "#app/content/newsletter.ts";
import type { TeamMember } from "#app/content/team.ts";
import { escapeHtml } from "#app/lib/escape-html.ts";
import { isSitePath, renderMarkdown } from "#app/lib/markdown.ts";
import { readTimeLabel, readTimeMinutes } from "#app/lib/read-time.ts";
import type { ArticleRecord } from "#server/articles/store.ts";

// Styles inline, as mail clients drop a page's style sheet (docs/decisions/0038, 0046).

const UNSUBSCRIBE_SLOT = "%%unsubscribe-url%%";

export interface ArticleEmail {
  subject: string;
  html: string;
  text: string;
}

const FONT = "font-family:Arial,Helvetica,sans-serif";
const MUTED = "color:#475569;font-size:13px";

const STYLES: Record<string, string> = {
  h1: "font-size:26px;line-height:1.25;margin:24px 0 12px;color:#0f172a",
  h2: "font-size:22px;line-height:1.3;margin:28px 0 10px;color:#0f172a",
  h3: "font-size:18px;line-height:1.35;margin:22px 0 8px;color:#0f172a",
  h4: "font-size:16px;margin:18px 0 6px;color:#0f172a",
  p: "margin:0 0 16px",
  a: "color:#1d4ed8;text-decoration:underline",
  ul: "margin:0 0 16px;padding-left:24px",
  ol: "margin:0 0 16px;padding-left:24px",
  li: "margin:0 0 6px",
  blockquote: "margin:0 0 16px;padding:4px 16px;border-left:4px solid #cbd5e1;color:#334155",
  pre: "margin:0 0 16px;padding:12px;background:#f1f5f9;border-radius:6px;overflow-x:auto;font-size:13px",
  code: "font-family:Menlo,Consolas,monospace;font-size:0.95em",
  table: "border-collapse:collapse;margin:0 0 16px;width:100%",
  th: "border:1px solid #cbd5e1;padding:6px 8px;text-align:left;background:#f8fafc",
  td: "border:1px solid #cbd5e1;padding:6px 8px",
  hr: "border:0;border-top:1px solid #e2e8f0;margin:24px 0",
  img: "max-width:100%;height:auto;border:0",
};
const STYLED = new RegExp(`<(${Object.keys(STYLES).join("|")})(?=[\\s>/])`, "g");

function mailHtml(html: string, siteUrl: string): string {
  return html
    .replace(STYLED, (_tag, name: string) => `<${name} style="${STYLES[name]}"`)
    .replace(/ (href|src)="(\/(?![/\\])[^"]*)"/g, (_attribute, name: string, path: string) => ` ${name}="${siteUrl}${path}"`);
}

const absoluteText = (markdown: string, siteUrl: string) =>
  markdown.replace(/\]\((\/(?![/\\])[^)\s]*)/g, (_link, path: string) => `](${siteUrl}${path}`);

/** What an article's mail is made with: the team and the contact details as the agency has them now (decision 0052). */
export interface ArticleMailContext {
  siteUrl: string;
  /** Names the byline's author. */
  team: readonly TeamMember[];
  /** Signs the mail. */
  contact: ContactContent;
}

export function articleEmail(article: ArticleRecord, { siteUrl, team, contact }: ArticleMailContext): ArticleEmail {
  const url = `${siteUrl}/blog/${article.slug}`;
  const author = team.find((member) => member.id === article.author)?.name ?? site.name;
  const minutes = readTimeLabel(article.readTimeMinutes ?? readTimeMinutes(article.body));
  const byline = `${author} · ${article.category} · ${minutes} read`;
  const footer = `You receive ${newsletterName} because you subscribed and confirmed your address.`;
  // Only the site's own images: another site's would see every subscriber open the mail.
  const image =
    article.imagePath && isSitePath(article.imagePath)
      ? `<p style="margin:0 0 20px"><img src="${escapeHtml(`${siteUrl}${article.imagePath}`)}" alt="${escapeHtml(article.imageAlt ?? "")}" width="600" style="${STYLES.img};display:block;border-radius:8px"></p>`
      : "";
  const html = [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(article.title)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f1f5f9">`,
    // A fixed-width table is what every mail client, Outlook included, lays out the same.
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9"><tr><td align="center" style="padding:24px 12px">`,
    `<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:12px">`,
    `<tr><td style="padding:28px 32px;${FONT};font-size:16px;line-height:1.6;color:#1e293b">`,
    `<p style="${MUTED};margin:0 0 8px">${escapeHtml(site.name)} · ${escapeHtml(newsletterName)}</p>`,
    `<h1 style="${STYLES.h1}"><a href="${escapeHtml(url)}" style="color:#0f172a;text-decoration:none">${escapeHtml(article.title)}</a></h1>`,
    `<p style="${MUTED};margin:0 0 20px">${escapeHtml(byline)}</p>`,
    image,
    mailHtml(renderMarkdown(article.body), siteUrl),
    `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:bold">Read it on our site</a></p>`,
    `<hr style="${STYLES.hr}">`,
    `<p style="${MUTED}">${escapeHtml(footer)} <a href="${UNSUBSCRIBE_SLOT}" style="color:#475569">Unsubscribe</a></p>`,
    `<p style="${MUTED}">${escapeHtml(mailSignature(contact))}</p>`,
    `</td></tr></table></td></tr></table></body></html>`,
  ].join("");
  const text = [
    article.title,
    byline,
    `Read it on our site: ${url}`,
    absoluteText(article.body, siteUrl),
    "--",
    `${footer} To unsubscribe: ${UNSUBSCRIBE_SLOT}`,
    mailSignature(contact),
  ].join("\n\n");
  return { subject: article.title, html, text };
}

export function personalise(mail: ArticleEmail, unsubscribeUrl: string): ArticleEmail {
  const link = escapeHtml(unsubscribeUrl);
  return {
    subject: mail.subject,
    html: mail.html.replaceAll(UNSUBSCRIBE_SLOT, link),
    text: mail.text.replaceAll(UNSUBSCRIBE_SLOT, unsubscribeUrl),
  };
}
