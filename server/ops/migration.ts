import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { columnTypes, type Dialect } from "#server/db/dialect.ts";

/** How each watched part of the site stands, and whether the admins were told (server/ops/parts.ts). Shipped as 0024_part_health. */
export function partHealthMigration(dialect: Dialect): Migration {
  const { time, id } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("part_health")
        .addColumn("id", "integer", id)
        .addColumn("part", "text", (c) => c.notNull().unique())
        .addColumn("state", "text", (c) => c.notNull())
        .addColumn("since", time, (c) => c.notNull())
        .addColumn("words", "text", (c) => c.notNull())
        .addColumn("checked_at", time, (c) => c.notNull())
        .addColumn("alerted_at", time)
        .execute();
    },
  };
}
