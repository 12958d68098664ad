import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { columnTypes, type Dialect } from "#server/db/dialect.ts";

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
