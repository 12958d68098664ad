import type { Kysely } from "kysely";
import { articlePath } from "#app/content/articles.ts";
import { formatLongDate, sastClock } from "#app/lib/sast.ts";
import { type Actor, recordAudit } from "#server/admin/audit.ts";
import { articlePageOf, type LiveArticle } from "#server/articles/live.ts";
import type { Database } from "#server/db/schema.ts";
import { signExpiringToken, verifyExpiringToken } from "#server/signed-tokens.ts";

/**
 * Private preview links (docs/decisions/0040): `/blog/preview/<article id>.<expiry>.<signature>`,
 * signed with the site's preview secret (server/captcha/keys.ts), valid for
 * PREVIEW_DAYS. The link names the article, not a version: it shows the
 * article's content as last saved, so a client who approves a corrected
 * draft reads the correction at the same link. Nothing is stored: the link is
 * checked by its signature before the database is asked anything.
 */

export const PREVIEW_PATH = "/blog/preview";
const PURPOSE = "article-preview";
const PREVIEW_DAYS = 7;

/** "3 December 2026, 14:00 (SAST)", as the editor and the preview say until when a link works. */
export const previewUntil = (at: Date) => `${formatLongDate(at)}, ${sastClock(at)} (SAST)`;

/** Makes a link to an article's preview, valid for PREVIEW_DAYS from `now`; audited. */
export async function createPreviewLink(
  db: Kysely<Database>,
  secret: Buffer,
  siteUrl: string,
  article: { id: number; slug: string },
  actor: Actor,
  now = new Date(),
): Promise<{ url: string; until: string }> {
  const expiresAt = new Date(now.getTime() + PREVIEW_DAYS * 24 * 60 * 60 * 1000);
  const url = `${siteUrl}${PREVIEW_PATH}/${signExpiringToken(secret, PURPOSE, article.id, expiresAt)}`;
  const until = previewUntil(expiresAt);
  const detail = `made a preview link to the article ${articlePath(article.slug)}, valid until ${until}`;
  await recordAudit(db, actor, { action: "article-preview-link", detail }, now);
  return { url, until };
}

export type PreviewState =
  /** Not a link this site signed. */
  | { state: "invalid" }
  | { state: "expired" }
  /** Signed, but its article was deleted. */
  | { state: "gone" }
  /** The article is live now: its public page. */
  | { state: "live"; path: string }
  | { state: "found"; article: LiveArticle; until: string };

/** What the preview link `token` shows at `now`. */
export async function findPreview(db: Kysely<Database>, secret: Buffer, token: string, now = new Date()): Promise<PreviewState> {
  const check = verifyExpiringToken(secret, PURPOSE, token, now);
  if (!check.ok) return { state: check.reason };
  const row = await db.selectFrom("articles").selectAll().where("id", "=", check.id).executeTakeFirst();
  if (!row) return { state: "gone" };
  if (row.status === "published") return { state: "live", path: articlePath(row.slug) };
  // Dated as readers would see it (store.ts): the day it first went live, else its scheduled time, else today.
  const date = row.published_at ?? (row.status === "scheduled" ? row.publish_at : null);
  return { state: "found", article: articlePageOf(row, date ? new Date(date) : now), until: previewUntil(check.expiresAt) };
}
