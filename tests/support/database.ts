import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import type { DatabaseSettings } from "../../server/db/connect";

/** The databases the data-layer suite runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const databaseKinds: Array<"sqlite" | "postgres"> = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

export interface TestDatabase {
  settings: DatabaseSettings;
  /** Removes the data directory, and on PostgreSQL drops this run's schema. */
  dispose(): Promise<void>;
}

/**
 * A fresh, empty database: a new DATA_DIR for SQLite; on PostgreSQL a schema of
 * its own (test_<random>, reached through search_path) so parallel runs never
 * meet, dropped again by dispose().
 */
export async function createTestDatabase(kind: "sqlite" | "postgres"): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "site-db-test-"));
  if (kind === "sqlite") {
    return { settings: { DATA_DIR: dataDir }, dispose: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const base = process.env.TEST_DATABASE_URL!;
  const schema = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client(base);
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return {
    settings: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    async dispose() {
      const client = new pg.Client(base);
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Reads rows from a running server's SQLite file (DATA_DIR/site.db) without holding it open. */
export function readSiteDb<T = Record<string, unknown>>(dataDir: string, query: string, ...params: Array<string | number>): T[] {
  const db = new DatabaseSync(path.join(dataDir, "site.db"), { readOnly: true });
  try {
    return db.prepare(query).all(...params) as T[];
  } finally {
    db.close();
  }
}
