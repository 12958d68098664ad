import { closeSync, copyFileSync, existsSync, fsyncSync, openSync, readSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { backup, DatabaseSync } from "node:sqlite";
import { makePrivateDir, PRIVATE_FILE_MODE } from "#server/data-dir.ts";
import { BUSY_TIMEOUT_MS } from "#server/db/sqlite.ts";

/**
 * The embedded database's file-level work: an online backup, the checks a
 * backup must pass, and putting one in place of the database. What a backup
 * holds besides the pages (the site key) and what is printed about it is the
 * site's (server/backups.ts).
 */

/**
 * The whole database in one step of the online backup: one read transaction,
 * so one consistent copy, while the site's writes go on (WAL). In steps of a
 * few pages, every write of the site's from its own connection would start
 * the copy over.
 */
const ALL_PAGES = 2 ** 31 - 1;
/** The table Kysely's migrator keeps the names of the migrations run in. */
const MIGRATIONS_TABLE = "kysely_migration";

/** A backup that must not be restored, and why, in words for the person at the command line. */
export class BackupProblem extends Error {
  override name = "BackupProblem";
}

/** Written beside `target` and renamed once whole, so a crash never leaves half a copy under the real name. */
function partialOf(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.partial`);
}

/** Syncs a file, then its folder (the rename), so the copy survives a power cut once this returns. */
function syncInPlace(file: string): void {
  for (const [target, flags] of [
    [file, "r+"],
    [path.dirname(file), "r"],
  ] as const) {
    const fd = openSync(target, flags);
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }
}

/** An empty file for the server's user only, created before SQLite writes into it (SQLite would make it 0644). */
function createPrivate(file: string): void {
  rmSync(file, { force: true });
  closeSync(openSync(file, "wx", PRIVATE_FILE_MODE));
}

/**
 * Copies the SQLite database `source` to `target` while the site runs and
 * writes: SQLite's online backup, on libuv's thread pool, from a connection
 * of its own. `finish` may add to the copy (the site key) before it is synced
 * and renamed into place; the copy is a file of its own (rollback journal, no
 * -wal beside it), readable by the server's user only.
 */
export async function backupSqlite(source: string, target: string, finish?: (copy: DatabaseSync) => void): Promise<void> {
  if (!existsSync(source)) throw new BackupProblem(`There is no database at ${source} to back up.`);
  if (existsSync(target)) throw new BackupProblem(`${target} exists already: give the backup another name.`);
  const partial = partialOf(target);
  createPrivate(partial);
  try {
    const db = new DatabaseSync(source, { timeout: BUSY_TIMEOUT_MS });
    try {
      await backup(db, partial, { rate: ALL_PAGES });
    } finally {
      db.close();
    }
    const copy = new DatabaseSync(partial);
    try {
      finish?.(copy);
      copy.exec("PRAGMA journal_mode = DELETE");
    } finally {
      copy.close();
    }
    syncInPlace(partial);
    renameSync(partial, target);
    syncInPlace(target);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/** An SQLite file's first 16 bytes (sqlite.org/fileformat.html). */
const SQLITE_MAGIC = Buffer.from("SQLite format 3\0", "latin1");
const HEADER_BYTES = 100;

/** The file's header says what it is and how long it is: a copy cut short says so before SQLite is asked. */
function checkHeader(file: string, bytes: number): void {
  const header = Buffer.alloc(HEADER_BYTES);
  const fd = openSync(file, "r");
  try {
    readSync(fd, header, 0, HEADER_BYTES, 0);
  } finally {
    closeSync(fd);
  }
  if (bytes < HEADER_BYTES || !header.subarray(0, SQLITE_MAGIC.length).equals(SQLITE_MAGIC)) {
    throw new BackupProblem(`${file} is not an SQLite database (it does not begin as one): it is not a backup of this site.`);
  }
  // The page size is stored as 1 for 65,536; the page count is valid while its "version valid for" matches the change counter.
  const pageSize = header.readUInt16BE(16) === 1 ? 65_536 : header.readUInt16BE(16);
  const pages = header.readUInt32BE(28);
  if (header.readUInt32BE(92) === header.readUInt32BE(24) && bytes < pages * pageSize) {
    throw new BackupProblem(
      `${file} is cut short: ${bytes.toLocaleString("en")} bytes of the ${(pages * pageSize).toLocaleString("en")} its header says it holds.`,
    );
  }
}

/** What a sound backup holds, as far as the file itself says. */
export interface SqliteBackup {
  bytes: number;
  /** The migrations it has run, oldest first. */
  migrations: string[];
}

/**
 * Opens a backup read-only after checking that it is whole and of this site:
 * an SQLite file that passes `PRAGMA integrity_check`, with the migrations
 * table, and no migration this version of the site does not know (a backup of
 * a newer version). Throws BackupProblem saying what is wrong. `read` gets the
 * open file, for what the caller wants to know of it.
 */
export function checkSqliteBackup<T>(
  file: string,
  knownMigrations: readonly string[],
  read: (db: DatabaseSync) => T,
): SqliteBackup & { read: T } {
  if (!existsSync(file)) throw new BackupProblem(`There is no file ${file}.`);
  const bytes = statSync(file).size;
  checkHeader(file, bytes);
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(file, { readOnly: true });
    const problems = (db.prepare("PRAGMA integrity_check").all() as Array<{ integrity_check: string }>).map((row) => row.integrity_check);
    if (problems.join() !== "ok") {
      throw new BackupProblem(
        `${file} is damaged (cut short or overwritten): SQLite's integrity check found ${problems.length} problems, the first: ${problems[0]}`,
      );
    }
    const table = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?").get(MIGRATIONS_TABLE);
    if (!table) throw new BackupProblem(`${file} is an SQLite database, but not one of this site's: it has no ${MIGRATIONS_TABLE} table.`);
    const migrations = migrationsOf(db);
    const unknown = migrations.filter((name) => !knownMigrations.includes(name));
    if (unknown.length) {
      throw new BackupProblem(
        `${file} was taken by a newer version of the site (migrations ${unknown.join(", ")} are unknown to this one): restore it with that version.`,
      );
    }
    return { bytes, migrations, read: read(db) };
  } catch (error) {
    if (error instanceof BackupProblem) throw error;
    // SQLite's own words: "file is not a database", "database disk image is malformed".
    throw new BackupProblem(`${file} is not a sound SQLite database: ${(error as Error).message}.`, { cause: error });
  } finally {
    db?.close();
  }
}

/** The migrations a database has run, oldest first. */
export function migrationsOf(db: DatabaseSync): string[] {
  return (db.prepare(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY name`).all() as Array<{ name: string }>).map((row) => row.name);
}

/**
 * Whether another connection (a running server, another command) has the
 * database open: such a connection holds a shared lock for as long as it is
 * open, so an exclusive lock is refused at once.
 */
export function databaseInUse(file: string): boolean {
  if (!existsSync(file)) return false;
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(file, { timeout: 0 });
    db.exec("PRAGMA locking_mode = EXCLUSIVE");
    db.exec("BEGIN EXCLUSIVE");
    db.exec("COMMIT");
    return false;
  } catch (error) {
    if (/locked|busy/i.test((error as Error).message)) return true;
    // Unreadable (the reason for restoring, perhaps): no server can be using it.
    return false;
  } finally {
    db?.close();
  }
}

/**
 * Puts the backup `file` in place of the database `target`: copied beside it
 * first, then `prepare` may change the copy (take the site key out of it),
 * and only then are the database and its -wal and -shm files moved into
 * `aside` and the copy renamed into place. Answers what was moved aside.
 */
export function replaceSqlite(file: string, target: string, aside: string, prepare?: (copy: DatabaseSync) => void): string[] {
  const staged = partialOf(target);
  createPrivate(staged);
  try {
    copyFileSync(file, staged);
    const copy = new DatabaseSync(staged);
    try {
      prepare?.(copy);
    } finally {
      copy.close();
    }
    syncInPlace(staged);
  } catch (error) {
    rmSync(staged, { force: true });
    throw error;
  }
  const moved = [target, `${target}-wal`, `${target}-shm`].filter((name) => existsSync(name));
  if (moved.length) makePrivateDir(aside);
  for (const name of moved) renameSync(name, path.join(aside, path.basename(name)));
  renameSync(staged, target);
  syncInPlace(target);
  return moved.map((name) => path.join(aside, path.basename(name)));
}
