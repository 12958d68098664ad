import { closeSync, copyFileSync, existsSync, fsyncSync, openSync, readSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { backup, DatabaseSync } from "node:sqlite";
import { makePrivateDir, PRIVATE_FILE_MODE } from "#server/data-dir.ts";
import { BUSY_TIMEOUT_MS } from "#server/db/sqlite.ts";

/** The embedded database's file-level work; what a backup holds besides the pages is server/backups.ts's. */

/** One step for the whole backup: in steps of a few pages, every write of the site's would start the copy over. */
const ALL_PAGES = 2 ** 31 - 1;
const MIGRATIONS_TABLE = "kysely_migration";

export class BackupProblem extends Error {
  override name = "BackupProblem";
}

/** Renamed once whole, so a crash never leaves half a copy under the real name. */
function partialOf(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.partial`);
}

/** The file, then its folder (the rename): the copy survives a power cut once this returns. */
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

/** Created before SQLite writes into it: SQLite would make it 0644. */
function createPrivate(file: string): void {
  rmSync(file, { force: true });
  closeSync(openSync(file, "wx", PRIVATE_FILE_MODE));
}

/** SQLite's online backup while the site writes; `finish` may add to the copy (the site key) before it is renamed in. */
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

const SQLITE_MAGIC = Buffer.from("SQLite format 3\0", "latin1");
const HEADER_BYTES = 100;

/** A copy cut short says so from its header before SQLite is asked. */
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
  // Page size 1 means 65,536; the page count is valid while "version valid for" matches the change counter.
  const pageSize = header.readUInt16BE(16) === 1 ? 65_536 : header.readUInt16BE(16);
  const pages = header.readUInt32BE(28);
  if (header.readUInt32BE(92) === header.readUInt32BE(24) && bytes < pages * pageSize) {
    throw new BackupProblem(
      `${file} is cut short: ${bytes.toLocaleString("en")} bytes of the ${(pages * pageSize).toLocaleString("en")} its header says it holds.`,
    );
  }
}

export interface SqliteBackup {
  bytes: number;
  migrations: string[];
}

/** Opens a backup read-only once it is whole and of this site; throws BackupProblem saying what is wrong. */
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

export function migrationsOf(db: DatabaseSync): string[] {
  return (db.prepare(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY name`).all() as Array<{ name: string }>).map((row) => row.name);
}

/** Another connection holds a shared lock while open, so an exclusive lock is refused at once. */
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

/** Puts the backup in place of the database: staged beside it, then the old files moved `aside`. */
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
