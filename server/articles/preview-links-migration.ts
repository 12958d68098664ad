import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { columnTypes, type Dialect } from "#server/db/dialect.ts";

/**
 * The preview links made in the editor (docs/decisions/0046): each one a row,
 * so one can be revoked alone and an unpublish revokes its article's. A link
 * carries its row's id; links made before this migration named the article
 * and were signed for another purpose, so they no longer open anything.
 * Registered in server/migrations.ts as 0022_preview_links.
 */
export function previewLinksMigration(dialect: Dialect): Migration {
  const { time, id } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("article_preview_links")
        .addColumn("id", "integer", id)
        .addColumn("article_id", "integer", (c) => c.notNull().references("articles.id").onDelete("cascade"))
        .addColumn("expires_at", time, (c) => c.notNull())
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("created_by", "text", (c) => c.notNull())
        .addColumn("revoked_at", time)
        .addColumn("revoked_by", "text")
        .execute();
      // The editor lists an article's links; an unpublish revokes them.
      await db.schema.createIndex("article_preview_links_article").on("article_preview_links").column("article_id").execute();
    },
  };
}
