import type { ColumnDefinitionBuilder } from "kysely";

export type Dialect = "sqlite" | "postgres";

/** Where SQLite and PostgreSQL differ in a migration's columns, so the two stay one schema. */
export function columnTypes(dialect: Dialect) {
  const pg = dialect === "postgres";
  return {
    time: pg ? ("timestamptz" as const) : ("text" as const),
    id: (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()),
  };
}
