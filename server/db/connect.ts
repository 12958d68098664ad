import { closeSync, openSync } from "node:fs";
import path from "node:path";
import { Kysely, PostgresDialect, sql, type Transaction } from "kysely";
import type pg from "pg";
import { DATABASE_FILE, makePrivateDir, PRIVATE_FILE_MODE } from "#server/data-dir.ts";
import { groupCommit, sharedSync } from "#server/db/group-commit.ts";
import type { Database } from "#server/db/schema.ts";
import { BUSY_TIMEOUT_MS, ImmediateSqliteDialect, openSqlite, walSync } from "#server/db/sqlite.ts";
import { type WalCheckpoints, walCheckpoints } from "#server/db/wal-checkpoints.ts";
import type { Dialect } from "#server/db/dialect.ts";
import { migrate, type Migrations } from "#server/db/migrate.ts";
import { log } from "#server/log.ts";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** A transaction whose commit is on disk before it resolves: a lead's, since the visitor is told it arrived. */
  durableTransaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  /** A small write that need not wait for the disk; grouped with others on SQLite (group-commit.ts). */
  write<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T>;
  /** Leaves no copy of deleted rows in the database's files (docs/decisions/0029). */
  purgeDeleted(tables: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseSettings {
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
}

const PG_POOL_SIZE = 10;
const PG_CONNECT_TIMEOUT_MS = 5000;
const PG_INT8_OID = 20;

/** Loaded only on PostgreSQL: a server on SQLite never needs its driver. */
async function postgresPool(connectionString: string): Promise<pg.Pool> {
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({
    connectionString,
    max: PG_POOL_SIZE,
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    // count(*) comes back as int8; every count here fits a JS number.
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        oid === PG_INT8_OID && format !== "binary" ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // A lost connection must not take the process down: the query fails and the next one reconnects.
  pool.on("error", (error) => log.error("PostgreSQL pool error:", error.message));
  pool.on("connect", (client) => {
    client.on("error", (error) => log.error("PostgreSQL connection lost:", error.message));
  });
  return pool;
}

export async function openDatabase(settings: DatabaseSettings, migrations: Migrations): Promise<DatabaseHandle> {
  let db: Kysely<Database>;
  let dialect: Dialect;
  let wal: ReturnType<typeof walSync> | undefined;
  let checkpoints: WalCheckpoints | undefined;
  if (settings.DATABASE_URL) {
    dialect = "postgres";
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: await postgresPool(settings.DATABASE_URL) }) });
  } else {
    dialect = "sqlite";
    makePrivateDir(settings.DATA_DIR);
    const file = path.join(settings.DATA_DIR, DATABASE_FILE);
    // Created private before SQLite opens it: SQLite gives its -wal and -shm files the database's mode.
    closeSync(openSync(file, "a", PRIVATE_FILE_MODE));
    const database = openSqlite(file);
    wal = walSync(file);
    checkpoints = walCheckpoints(file, database.raw, BUSY_TIMEOUT_MS);
    db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database }) });
  }
  try {
    await migrate(db as Kysely<unknown>, dialect, migrations);
  } catch (error) {
    await checkpoints?.close();
    await db.destroy();
    throw error;
  }
  const close = async () => {
    await checkpoints?.close();
    await db.destroy();
    await wal?.close();
  };
  if (!wal || !checkpoints) {
    const durableTransaction = <T>(work: (trx: Transaction<Database>) => Promise<T>) => db.transaction().execute(work);
    const purgeDeleted = async (tables: readonly string[]) => {
      if (tables.length) await sql`vacuum (analyze) ${sql.join(tables.map((table) => sql.table(table)))}`.execute(db);
    };
    return { db, dialect, durableTransaction, write: (work) => work(db), purgeDeleted, close };
  }
  const writes = groupCommit(db, sharedSync(wal.sync));
  return { db, dialect, durableTransaction: writes.durable, write: writes.write, purgeDeleted: checkpoints.truncate, close };
}
