import type { Kysely } from "kysely";
import type { Actor } from "#server/audit/audit.ts";
import type { Database } from "#server/db/schema.ts";

// Apart from preview.ts so that store.ts, whose unpublish revokes links, can use it (docs/decisions/0046).

export interface PreviewLinkRow {
  id: number;
  createdAt: Date;
  createdBy: string;
  expiresAt: Date;
}

export async function addPreviewLink(db: Kysely<Database>, articleId: number, expiresAt: Date, actor: Actor, now: Date): Promise<number> {
  const { id } = await db
    .insertInto("article_preview_links")
    .values({ article_id: articleId, expires_at: expiresAt, created_at: now, created_by: actor.name, revoked_at: null, revoked_by: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** Undefined when there is no such link: its article was deleted. */
export function previewLinkState(db: Kysely<Database>, id: number) {
  return db.selectFrom("article_preview_links").select(["article_id", "revoked_at"]).where("id", "=", id).executeTakeFirst();
}

export async function livePreviewLinks(db: Kysely<Database>, articleId: number, now: Date): Promise<PreviewLinkRow[]> {
  const rows = await db
    .selectFrom("article_preview_links")
    .select(["id", "created_at", "created_by", "expires_at"])
    .where("article_id", "=", articleId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    createdAt: new Date(row.created_at),
    createdBy: row.created_by,
    expiresAt: new Date(row.expires_at),
  }));
}

export async function revokePreviewLinks(
  db: Kysely<Database>,
  articleId: number,
  id: number | null,
  actor: Actor,
  now: Date,
): Promise<number> {
  const result = await db
    .updateTable("article_preview_links")
    .set({ revoked_at: now, revoked_by: actor.name })
    .where("article_id", "=", articleId)
    .$if(id !== null, (qb) => qb.where("id", "=", id!))
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
