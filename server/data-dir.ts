import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";

/** Modes given at creation, so no umask can widen them. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

export const MAIL_DIR = "mail";
export const BACKUP_DIR = "backups";
export const DATABASE_FILE = "site.db";
/** Belongs with the database. */
export const SITE_KEY_FILE = "altcha-hmac.key";
/** Kept apart from backups. */
export const SECRETS_KEY_FILE = "secrets.key";
const DATA_FILES = [
  DATABASE_FILE,
  `${DATABASE_FILE}-wal`,
  `${DATABASE_FILE}-shm`,
  `${DATABASE_FILE}-journal`,
  SITE_KEY_FILE,
  SECRETS_KEY_FILE,
];

export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/** What an earlier version wrote with the default umask; nothing is followed through a symbolic link. */
export function tightenDataDir(dataDir: string): { tightened: string[]; refused: string[] } {
  const tightened: string[] = [];
  const refused: string[] = [];
  const tighten = (target: string, kind: "dir" | "file"): boolean => {
    let stat;
    try {
      stat = lstatSync(target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
      throw error;
    }
    if (kind === "dir" ? !stat.isDirectory() : !stat.isFile()) return false;
    if (stat.mode & 0o077) {
      try {
        chmodSync(target, stat.mode & 0o700);
        tightened.push(target);
      } catch (error) {
        refused.push(`${target} (${(error as NodeJS.ErrnoException).code})`);
      }
    }
    return true;
  };
  if (!tighten(dataDir, "dir")) return { tightened, refused };
  for (const name of DATA_FILES) tighten(path.join(dataDir, name), "file");
  for (const folder of [MAIL_DIR, BACKUP_DIR]) {
    const dir = path.join(dataDir, folder);
    if (tighten(dir, "dir")) for (const name of readdirSync(dir)) tighten(path.join(dir, name), "file");
  }
  return { tightened, refused };
}
