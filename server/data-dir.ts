import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";

/**
 * What the server writes under DATA_DIR (the SQLite database, the generated
 * key, mail kept as files) is readable by its own user only. The modes are
 * given when a file or folder is created, so no umask can widen them (a umask
 * only takes bits away).
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** The folder under DATA_DIR where mail is written as .eml files when there is no SMTP server. */
export const MAIL_DIR = "mail";
/** The folder under DATA_DIR where backups are written unless BACKUP_DIR names another. */
export const BACKUP_DIR = "backups";
/** The embedded SQLite database. */
export const DATABASE_FILE = "site.db";
/** The site key generated when ALTCHA_HMAC_KEY is unset (server/captcha/keys.ts): it belongs with the database. */
export const SITE_KEY_FILE = "altcha-hmac.key";
/** The key sealing the inbox's authenticator secrets when SECRETS_KEY is unset (server/admin/secrets-key.ts): kept apart from backups. */
export const SECRETS_KEY_FILE = "secrets.key";
/** Every file the server writes at the top of DATA_DIR. */
const DATA_FILES = [
  DATABASE_FILE,
  `${DATABASE_FILE}-wal`,
  `${DATABASE_FILE}-shm`,
  `${DATABASE_FILE}-journal`,
  SITE_KEY_FILE,
  SECRETS_KEY_FILE,
];

/** Creates the folder and any missing parents for the server's user only. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * Takes the group's and others' permissions off what an earlier version wrote
 * under DATA_DIR with the default umask: DATA_DIR, its database and key files,
 * the mail and backup folders and their files. Nothing else there is touched, and nothing is
 * followed through a symbolic link. Answers what it changed; one it may not
 * change (another user's) is reported and left.
 */
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
