import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { columnTypes, type Dialect } from "#server/db/dialect.ts";

// A row per link, so one can be revoked alone; older links were signed for another purpose and open nothing (docs/decisions/0046).
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
      await db.schema.createIndex("article_preview_links_article").on("article_preview_links").column("article_id").execute();
    },
  };
}
