import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { columnTypes, type Dialect } from "#server/db/dialect.ts";

// Bytes in the database, not a directory, so every instance on one PostgreSQL serves every upload (docs/decisions/0037).
export function articleImagesMigration(dialect: Dialect): Migration {
  const { time } = columnTypes(dialect);
  const bytes = dialect === "postgres" ? "bytea" : "blob";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("article_images")
        .addColumn("hash", "text", (c) => c.primaryKey())
        .addColumn("width", "integer", (c) => c.notNull())
        .addColumn("height", "integer", (c) => c.notNull())
        .addColumn("fallback", "text", (c) => c.notNull())
        .addColumn("upload_bytes", "integer", (c) => c.notNull())
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("created_by", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("article_image_variants")
        .addColumn("hash", "text", (c) => c.notNull().references("article_images.hash").onDelete("cascade"))
        .addColumn("width", "integer", (c) => c.notNull())
        .addColumn("format", "text", (c) => c.notNull())
        .addColumn("bytes", bytes, (c) => c.notNull())
        .addPrimaryKeyConstraint("article_image_variants_pk", ["hash", "width", "format"])
        .execute();
    },
  };
}
