import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { columnTypes, type Dialect } from "#server/db/dialect.ts";

// The mail is kept as written when the send started (docs/decisions/0038).
export function articleSendsMigration(dialect: Dialect): Migration {
  const { time, id } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("article_sends")
        .addColumn("id", "integer", id)
        .addColumn("article_id", "integer", (c) => c.notNull().unique().references("articles.id"))
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("html_body", "text", (c) => c.notNull())
        .addColumn("text_body", "text", (c) => c.notNull())
        .addColumn("recipients", "integer", (c) => c.notNull())
        .addColumn("skipped", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("started_by", "text", (c) => c.notNull())
        .addColumn("started_at", time, (c) => c.notNull())
        .execute();
      await db.schema.alterTable("outbox").addColumn("article_send_id", "integer").execute();
      await db.schema.createIndex("outbox_article_send").on("outbox").columns(["article_send_id", "status"]).execute();
    },
  };
}
