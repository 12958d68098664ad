import { type Kysely, sql } from "kysely";
import { type Migration, Migrator } from "kysely/migration";
import type { Dialect } from "#server/db/dialect.ts";

/** Every migration of the site by name, in the order they run; each feature brings its own (server/migrations.ts). */
export type Migrations = (dialect: Dialect) => Record<string, Migration>;

/**
 * Brings the schema up to date. On PostgreSQL Kysely's migrator holds a
 * session advisory lock (pg_advisory_lock) while it runs, so instances that
 * start together migrate once and the others wait, then find nothing to do.
 * Its bookkeeping tables are named with the connection's schema: Kysely looks
 * for them in every schema it can see, so a second site (or test run) in
 * another schema of the same database would otherwise find those and skip
 * creating its own.
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
