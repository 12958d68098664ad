import type { Kysely, Selectable } from "kysely";
import { articleMetaTitle, articlePath } from "#app/content/articles.ts";
import { team, type TeamMember } from "#app/content/team.ts";
import { NO_STORE } from "#app/lib/cache-control.ts";
import { formatLongDate, formatSast, sastClock } from "#app/lib/sast.ts";
import { type Actor, recordAudit } from "#server/audit/audit.ts";
import { articlePageOf, type LiveArticle } from "#server/articles/live.ts";
import { addPreviewLink, livePreviewLinks, previewLinkState, revokePreviewLinks } from "#server/articles/preview-links.ts";
import type { ArticlesTable } from "#server/db/articles-tables.ts";
import type { Database } from "#server/db/schema.ts";
import { signExpiringToken, verifyExpiringToken } from "#server/signed-tokens.ts";

// Shows the article as last saved, so a corrected draft reads at the same link (docs/decisions/0040, 0046).

export const PREVIEW_PATH = "/blog/preview";
// Links made before they were rows named the article under "article-preview": a purpose of its own voids them.
const PURPOSE = "article-preview-link";
const PREVIEW_DAYS = 7;

/** Never kept, never indexed, its address (the key) never sent on. */
export const previewHeaders = {
  "Cache-Control": NO_STORE,
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
} as const;

export const previewUntil = (at: Date) => `${formatLongDate(at)}, ${sastClock(at)} (SAST)`;

// A live article's card is drawn when it goes live; until then, one for the preview.
const previewCardPath = (token: string) => `${PREVIEW_PATH}/${token}/card.png`;

export async function createPreviewLink(
  db: Kysely<Database>,
  secret: Buffer,
  siteUrl: string,
  article: { id: number; slug: string },
  actor: Actor,
  now = new Date(),
): Promise<{ url: string; until: string }> {
  const expiresAt = new Date(now.getTime() + PREVIEW_DAYS * 24 * 60 * 60 * 1000);
  // Whole seconds, as the link carries it.
  expiresAt.setMilliseconds(0);
  const until = previewUntil(expiresAt);
  const id = await db.transaction().execute(async (trx) => {
    const id = await addPreviewLink(trx, article.id, expiresAt, actor, now);
    const detail = `made a preview link to the article ${articlePath(article.slug)}, valid until ${until}`;
    await recordAudit(trx, actor, { action: "article-preview-link", detail }, now);
    return id;
  });
  return { url: `${siteUrl}${PREVIEW_PATH}/${signExpiringToken(secret, PURPOSE, id, expiresAt)}`, until };
}

export async function previewLinksOf(db: Kysely<Database>, articleId: number, now = new Date()) {
  const links = await livePreviewLinks(db, articleId, now);
  return links.map((link) => ({
    id: link.id,
    createdBy: link.createdBy,
    created: formatSast(link.createdAt),
    until: previewUntil(link.expiresAt),
  }));
}

export async function revokePreviewLink(
  db: Kysely<Database>,
  article: { id: number; slug: string },
  linkId: number,
  actor: Actor,
  now = new Date(),
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if ((await revokePreviewLinks(trx, article.id, linkId, actor, now)) === 0) return false;
    const detail = `revoked a preview link to the article ${articlePath(article.slug)}`;
    await recordAudit(trx, actor, { action: "article-preview-revoke", detail }, now);
    return true;
  });
}

export type PreviewState =
  | { state: "invalid" }
  | { state: "expired" }
  | { state: "gone" }
  | { state: "live"; path: string }
  | { state: "found"; article: LiveArticle; until: string };

type LinkLookup = Exclude<PreviewState, { state: "found" }> | { state: "row"; row: Selectable<ArticlesTable>; expiresAt: Date };

// Signature first, then the row, and only then the article.
async function articleOfLink(db: Kysely<Database>, secret: Buffer, token: string, now: Date): Promise<LinkLookup> {
  const check = verifyExpiringToken(secret, PURPOSE, token, now);
  if (!check.ok) return { state: check.reason };
  const link = await previewLinkState(db, check.id);
  if (!link) return { state: "gone" };
  if (link.revoked_at !== null) return { state: "expired" };
  const row = await db.selectFrom("articles").selectAll().where("id", "=", link.article_id).executeTakeFirst();
  if (!row) return { state: "gone" };
  if (row.status === "published") return { state: "live", path: articlePath(row.slug) };
  return { state: "row", row, expiresAt: check.expiresAt };
}

/** `members`: the team as the agency edits it, which names the author as the live page will. */
export async function findPreview(
  db: Kysely<Database>,
  secret: Buffer,
  token: string,
  now = new Date(),
  members: readonly TeamMember[] = team,
): Promise<PreviewState> {
  const found = await articleOfLink(db, secret, token, now);
  if (found.state !== "row") return found;
  const { row } = found;
  // Dated as readers would see it (store.ts): the day it first went live, else its scheduled time, else today.
  const date = row.published_at ?? (row.status === "scheduled" ? row.publish_at : null);
  const article = articlePageOf(row, date ? new Date(date) : now, undefined, members);
  if (!row.image_path) article.imageUrl = previewCardPath(token);
  return { state: "found", article, until: previewUntil(found.expiresAt) };
}

export async function findPreviewCard(
  db: Kysely<Database>,
  secret: Buffer,
  token: string,
  now = new Date(),
): Promise<Exclude<PreviewState, { state: "found" }> | { state: "card"; path: string; title: string }> {
  const found = await articleOfLink(db, secret, token, now);
  if (found.state !== "row") return found;
  return {
    state: "card",
    path: articlePath(found.row.slug),
    title: articleMetaTitle({ title: found.row.title, seoTitle: found.row.seo_title ?? undefined }),
  };
}
