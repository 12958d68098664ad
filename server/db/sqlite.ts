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

/** Kysely prepares on every query otherwise. */
const STATEMENT_CACHE_SIZE = 200;
export const BUSY_TIMEOUT_MS = 5000;

function bindable(value: unknown): SQLInputValue {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "boolean") return value ? 1 : 0;
  return value as SQLInputValue;
}

function adapt(statement: StatementSync): SqliteStatement {
  const reader = statement.columns().length > 0;
  return {
    reader,
    all: (parameters) => statement.all(...parameters.map(bindable)),
    run: (parameters) => statement.run(...parameters.map(bindable)),
    iterate: (parameters) => statement.iterate(...parameters.map(bindable)),
  };
}

/** synchronous=NORMAL: a power cut may lose the last commits, so leads go through durableTransaction (group-commit.ts). */
export function openSqlite(file: string): SqliteDatabase & { raw: DatabaseSync } {
  const db = new DatabaseSync(file, { timeout: BUSY_TIMEOUT_MS, enableForeignKeyConstraints: true });
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA synchronous = NORMAL");
  // What is deleted (a forgotten person) is overwritten with zeros, not left in free space.
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

/** Every transaction takes the write lock when it starts, so a second process waits instead of failing half-way. */
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

/** An fdatasync of the WAL on libuv's thread pool: synchronous=FULL without holding the process (docs/decisions/0020). */
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
      // A failed open is tried again by the next sync.
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
