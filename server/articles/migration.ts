import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { columnTypes, type Dialect } from "#server/db/dialect.ts";

// The first articles are seeded at start (seed.ts): this also runs under plain Node, where the Markdown is not bundled.
export function articlesMigration(dialect: Dialect): Migration {
  const { time, id } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("articles")
        .addColumn("id", "integer", id)
        .addColumn("slug", "text", (c) => c.notNull().unique())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("excerpt", "text", (c) => c.notNull())
        .addColumn("category", "text", (c) => c.notNull())
        .addColumn("author", "text", (c) => c.notNull())
        .addColumn("keywords", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("seo_title", "text")
        .addColumn("seo_description", "text")
        .addColumn("image_path", "text")
        .addColumn("image_alt", "text")
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("read_time_minutes", "integer")
        .addColumn("featured", "boolean", (c) => c.notNull().defaultTo(false))
        .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('draft', 'scheduled', 'published', 'unpublished')`))
        .addColumn("publish_at", time)
        .addColumn("published_at", time)
        .addColumn("updated_on", "text")
        .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("created_by", "text", (c) => c.notNull())
        .addColumn("updated_at", time, (c) => c.notNull())
        .addColumn("updated_by", "text", (c) => c.notNull())
        .addCheckConstraint("articles_scheduled_time", sql`status <> 'scheduled' or publish_at is not null`)
        .execute();
      await db.schema.createIndex("articles_updated").on("articles").columns(["updated_at", "id"]).execute();
      await db.schema.createIndex("articles_live").on("articles").columns(["status", "published_at"]).execute();

      await db.schema
        .createTable("article_revisions")
        .addColumn("id", "integer", id)
        .addColumn("article_id", "integer", (c) => c.notNull().references("articles.id").onDelete("cascade"))
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("content", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("saved_at", time, (c) => c.notNull())
        .addColumn("saved_by", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("article_revisions_article").on("article_revisions").columns(["article_id", "version"]).execute();

      await db.schema
        .createTable("article_redirects")
        .addColumn("old_slug", "text", (c) => c.primaryKey())
        .addColumn("article_id", "integer", (c) => c.notNull().references("articles.id").onDelete("cascade"))
        .addColumn("created_at", time, (c) => c.notNull())
        .execute();
    },
  };
}
