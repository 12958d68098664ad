import { type FileHandle, open } from "node:fs/promises";
import path from "node:path";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  type SqliteDatabase,
  type SqliteStatement,
} from "kysely";

/** Prepared statements kept per connection; Kysely prepares on every query otherwise. */
const STATEMENT_CACHE_SIZE = 200;
export const BUSY_TIMEOUT_MS = 5000;

/** node:sqlite binds only null, numbers, bigints, text and bytes. */
function bindable(value: unknown): SQLInputValue {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "boolean") return value ? 1 : 0;
  return value as SQLInputValue;
}

function adapt(statement: StatementSync): SqliteStatement {
  // A statement that returns columns (SELECT, or INSERT ... RETURNING) is a reader.
  const reader = statement.columns().length > 0;
  return {
    reader,
    all: (parameters) => statement.all(...parameters.map(bindable)),
    run: (parameters) => statement.run(...parameters.map(bindable)),
    iterate: (parameters) => statement.iterate(...parameters.map(bindable)),
  };
}

/**
 * Opens the SQLite file with node:sqlite and gives it the better-sqlite3 shape
 * Kysely's SqliteDialect expects.
 *
 * WAL lets readers go on while a lead is written. The connection runs with
 * synchronous=NORMAL: in WAL mode that never corrupts the file, and a process
 * crash loses nothing; only a power cut can roll back the last commits. That is
 * fine for rate-limit counts, spent challenges and outbox bookkeeping (at worst
 * a count is forgotten or a mail sent twice), but not for a lead the visitor was
 * told we received: leads are written through DatabaseHandle.durableTransaction,
 * which answers only after an fsync of the WAL (walSync, group-commit.ts).
 */
export function openSqlite(file: string): SqliteDatabase & { raw: DatabaseSync } {
  const db = new DatabaseSync(file, { timeout: BUSY_TIMEOUT_MS, enableForeignKeyConstraints: true });
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA synchronous = NORMAL");
  // What is deleted (a forgotten person, expired copies) is overwritten with zeros, not left in free space.
  db.exec("PRAGMA secure_delete = ON");
  const cache = new Map<string, SqliteStatement>();
  return {
    raw: db,
    close: () => {
      cache.clear();
      db.close();
    },
    prepare(sql) {
      let statement = cache.get(sql);
      if (statement) {
        // Refresh its place so the least recently used one is dropped first.
        cache.delete(sql);
      } else {
        statement = adapt(db.prepare(sql));
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}

/**
 * SQLite with every transaction begun IMMEDIATE: a transaction takes the write
 * lock when it starts, so a second process (or a second server started on the
 * same DATA_DIR, migrating) waits its turn instead of failing half-way.
 */
export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new (class extends SqliteDriver {
      override async beginTransaction(connection: DatabaseConnection): Promise<void> {
        await connection.executeQuery(CompiledQuery.raw("begin immediate"));
      }
    })(this.#config);
  }
}

/**
 * Makes every commit written so far durable: an fdatasync of the database's
 * WAL, which is what synchronous=FULL does after each commit, run on libuv's
 * thread pool so the process goes on meanwhile. fdatasync, as SQLite's own Unix
 * code does where the platform has it (Node's build falls back to fsync): it
 * writes the data and what is needed to read it back (the file's size), and once
 * the WAL is reused in place it flushes the disk without waiting for the file
 * system's journal, which other writers on the machine keep busy (fsync took
 * 30-145 ms there under a neighbour's load, fdatasync 1-7 ms). The WAL is only replaced when the last
 * connection closes, and ours stays open, so the file opened once is the one
 * SQLite writes; its folder is synced once too, so the file itself survives a
 * power cut (SQLite does that on its first sync of a new WAL).
 */
export function walSync(file: string): { sync(): Promise<void>; close(): Promise<void> } {
  let wal: Promise<FileHandle> | undefined;
  async function openWal(): Promise<FileHandle> {
    const handle = await open(`${file}-wal`, "r");
    const dir = await open(path.dirname(file), "r");
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
    return handle;
  }
  return {
    async sync() {
      // A failed open is tried again by the next sync rather than remembered.
      wal ??= openWal().catch((error: unknown) => {
        wal = undefined;
        throw error;
      });
      await (await wal).datasync();
    },
    async close() {
      await (await wal?.catch(() => undefined))?.close();
    },
  };
}
