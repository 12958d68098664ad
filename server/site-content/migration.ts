import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { columnTypes, type Dialect } from "#server/db/dialect.ts";

/**
 * The site's editable content and its revisions (docs/decisions/0052),
 * registered in server/migrations.ts as 0025_site_content. SPEC.md's content
 * is written at start (server/site-content/store.ts), not here: the migration
 * also runs from the command line, where the app's content is not bundled.
 */
export function siteContentMigration(dialect: Dialect): Migration {
  const { time, id } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("site_content")
        .addColumn("kind", "text", (c) => c.primaryKey())
        .addColumn("document", "text", (c) => c.notNull())
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("updated_at", time, (c) => c.notNull())
        .addColumn("updated_by", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("site_content_revisions")
        .addColumn("id", "integer", id)
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("document", "text", (c) => c.notNull())
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("saved_at", time, (c) => c.notNull())
        .addColumn("saved_by", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("site_content_revisions_kind").on("site_content_revisions").columns(["kind", "version"]).execute();
    },
  };
}
