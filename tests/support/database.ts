import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Kysely } from "kysely";
import pg from "pg";
import { afterEach, beforeEach } from "vitest";
import type { Database } from "#server/db/schema.ts";
import { type DatabaseHandle, type DatabaseSettings, openDatabase } from "#server/db/connect.ts";
import { openSiteDatabase, siteMigrations } from "#server/migrations.ts";
import { SpentChallenges } from "#server/captcha/spent-challenges.ts";
import { LeadStore } from "#server/leads/store.ts";
import { OutboxStore } from "#server/outbox/store.ts";
import { RateLimits } from "#server/rate-limits.ts";

/** The databases the data-layer suite runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const databaseKinds: Array<"sqlite" | "postgres"> = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

export interface TestDatabase {
  settings: DatabaseSettings;
  /** Removes the data directory, and on PostgreSQL drops this test's database. */
  dispose(): Promise<void>;
}

/**
 * A fresh, empty database: a new DATA_DIR for SQLite; on PostgreSQL a database
 * of its own (test_<random>) on TEST_DATABASE_URL's server, dropped again by
 * dispose(). A database rather than a schema: Kysely's migrator looks its
 * tables up across every schema it can see, and failed when another test
 * dropped its schema at that moment.
 */
export async function createTestDatabase(kind: "sqlite" | "postgres"): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "site-db-test-"));
  if (kind === "sqlite") {
    return { settings: { DATA_DIR: dataDir }, dispose: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const base = process.env.TEST_DATABASE_URL!;
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client(base);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    settings: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    async dispose() {
      const client = new pg.Client(base);
      await client.connect();
      // A closed pool's sessions end a moment after it says so: wait for them, rather than cut them off
      // (the test's own handle would log the cut as a lost connection).
      const sessions = async () =>
        Number((await client.query("SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1", [name])).rows[0].n);
      for (const deadline = Date.now() + 10_000; (await sessions()) > 0 && Date.now() < deadline;) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await client.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Reads rows from a running server's SQLite file (DATA_DIR/site.db) without holding it open. */
export function readSiteDb<T = Record<string, unknown>>(dataDir: string, query: string, ...params: Array<string | number>): T[] {
  const db = new DatabaseSync(path.join(dataDir, "site.db"), { readOnly: true, timeout: 10_000 });
  try {
    return db.prepare(query).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** The site's stores over one database, as server/start.ts makes them. */
export interface SiteStores {
  leads: LeadStore;
  rateLimits: RateLimits;
  challenges: SpentChallenges;
  outbox: OutboxStore;
}

export function siteStores(handle: DatabaseHandle): SiteStores {
  return {
    leads: new LeadStore(handle),
    rateLimits: new RateLimits(handle),
    challenges: new SpentChallenges(handle),
    outbox: new OutboxStore(handle),
  };
}

/** A migrated site database for each test around the call: the data-layer suites' set-up. */
export interface SiteDatabase extends SiteStores {
  test: TestDatabase;
  handle: DatabaseHandle;
  /** The whole schema, the inbox's tables included. */
  db: Kysely<Database>;
}

export function useSiteDatabase(kind: "sqlite" | "postgres"): SiteDatabase {
  const site = {} as SiteDatabase;
  beforeEach(async () => {
    site.test = await createTestDatabase(kind);
    site.handle = await openSiteDatabase(site.test.settings);
    site.db = site.handle.db;
    Object.assign(site, siteStores(site.handle));
  });
  afterEach(async () => {
    await site.handle.close();
    await site.test.dispose();
  });
  return site;
}

/**
 * A database of its own for a test of a migration on `kind`: `before(name)` opens it with the
 * migrations named before `name` only (to write rows as an earlier version did), `after()` with
 * every one; each test's database is closed and dropped after it.
 */
export function useMigrationDatabase(kind: "sqlite" | "postgres") {
  let database: TestDatabase | undefined;
  const opened: DatabaseHandle[] = [];
  afterEach(async () => {
    // A test closes its earlier handle itself before it migrates on: a second close is harmless here.
    for (const handle of opened.splice(0)) await handle.close().catch(() => undefined);
    await database?.dispose();
    database = undefined;
  });
  const settings = async () => (database ??= await createTestDatabase(kind)).settings;
  const keep = (handle: DatabaseHandle) => (opened.push(handle), handle);
  return {
    before: async (name: string) =>
      keep(
        await openDatabase(await settings(), (dialect) =>
          Object.fromEntries(Object.entries(siteMigrations(dialect)).filter(([n]) => n < name)),
        ),
      ),
    after: async () => keep(await openSiteDatabase(await settings())),
  };
}
