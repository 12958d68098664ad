import { type Kysely, sql } from "kysely";
import { type Migration, Migrator } from "kysely/migration";
import type { Dialect } from "#server/db/dialect.ts";

export type Migrations = (dialect: Dialect) => Record<string, Migration>;

/**
 * Kysely's migrator holds an advisory lock on PostgreSQL, so instances starting together migrate once. Its tables
 * are named with the schema: Kysely finds them in any visible schema, so another schema's site would skip its own.
 */
export async function migrate(db: Kysely<unknown>, dialect: Dialect, migrations: Migrations): Promise<void> {
  const list = migrations(dialect);
  const schema =
    dialect === "postgres" ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined;
  const migrator = new Migrator({ db, provider: { getMigrations: async () => list }, migrationTableSchema: schema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ""} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}
