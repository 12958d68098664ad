import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { formTypeLabel } from "#app/forms/registry.ts";
import { addDays, sastDate, sastInstant } from "#app/lib/sast.ts";
import { storedSecretsKey } from "#server/admin/secrets-key.ts";
import { openSecret } from "#server/admin/second-factor.ts";
import { totpSealingKey } from "#server/captcha/keys.ts";
import { BACKUP_DIR, DATABASE_FILE, makePrivateDir, PRIVATE_FILE_MODE, SITE_KEY_FILE } from "#server/data-dir.ts";
import { BackupProblem, backupSqlite, checkSqliteBackup, databaseInUse, migrationsOf, replaceSqlite } from "#server/db/backup.ts";
import type { Env } from "#server/env.ts";
import { describeError, log } from "#server/log.ts";
import { siteMigrations } from "#server/migrations.ts";

// Backups carry the site key but never the secrets key (docs/decisions/0029, 0046); PostgreSQL uses pg_dump.

export type BackupSettings = Pick<
  Env,
  "DATA_DIR" | "DATABASE_URL" | "ALTCHA_HMAC_KEY" | "SECRETS_KEY" | "BACKUP_DIR" | "BACKUP_HOUR" | "BACKUP_KEEP_DAYS"
>;

/** Kept in the backup only; taken out again when it is restored. */
const BACKUP_TABLE = "site_backup";
const NAME = /^site-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.db$/;
const DAY_MS = 86_400_000;
const SCHEDULE_CHECK_MS = 10 * 60_000;

export const POSTGRES_BACKUPS =
  "This site's database is PostgreSQL (DATABASE_URL): back it up with pg_dump --format=custom and restore it with pg_restore (README: Running in production, Backups).";

export interface BackupSummary {
  file: string;
  bytes: number;
  takenAt: Date | null;
  migrations: string[];
  leads: Array<{ form: string; count: number }>;
  confirmedSubscribers: number;
  siteKey: boolean;
  /** Secrets sealed with the secrets key it does not carry; `openWithItsKey` open with the site key it does. */
  secondFactors: { users: number; openWithItsKey: number };
}

export function backupName(at: Date): string {
  return `site-${at.toISOString().slice(0, 19).replaceAll(":", "-")}Z.db`;
}

function takenAtOf(name: string): Date | null {
  const match = NAME.exec(name);
  return match ? new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`) : null;
}

export function backupDir(settings: Pick<BackupSettings, "DATA_DIR" | "BACKUP_DIR">): string {
  return settings.BACKUP_DIR ?? path.join(settings.DATA_DIR, BACKUP_DIR);
}

function refusePostgres(settings: Pick<BackupSettings, "DATABASE_URL">): void {
  if (settings.DATABASE_URL) throw new BackupProblem(POSTGRES_BACKUPS);
}

function hasTable(db: DatabaseSync, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
}

function sealedSecretsOf(db: DatabaseSync): Array<{ email: string; sealed: string }> {
  if (!hasTable(db, "admin_users")) return [];
  return db.prepare("SELECT email, totp_secret AS sealed FROM admin_users WHERE totp_secret IS NOT NULL ORDER BY email").all() as Array<{
    email: string;
    sealed: string;
  }>;
}

const openedBy = (key: string | null, sealed: ReadonlyArray<{ email: string; sealed: string }>) =>
  key ? sealed.filter((secret) => openSecret(totpSealingKey(key), secret.sealed) !== null) : [];

function contentsOf(db: DatabaseSync): Omit<BackupSummary, "file" | "bytes" | "migrations"> {
  const leads = hasTable(db, "leads")
    ? (db.prepare("SELECT form_type, count(*) AS n FROM leads GROUP BY form_type ORDER BY form_type").all() as Array<{
        form_type: string;
        n: number;
      }>)
    : [];
  const subscribers = hasTable(db, "newsletter_subscribers")
    ? (db.prepare("SELECT count(*) AS n FROM newsletter_subscribers WHERE status = 'confirmed'").get() as { n: number }).n
    : 0;
  const info = hasTable(db, BACKUP_TABLE)
    ? (db.prepare(`SELECT taken_at, site_key FROM ${BACKUP_TABLE}`).get() as { taken_at: string; site_key: string | null } | undefined)
    : undefined;
  const sealed = sealedSecretsOf(db);
  return {
    takenAt: info ? new Date(info.taken_at) : null,
    leads: leads.map((row) => ({ form: formTypeLabel(row.form_type), count: Number(row.n) })),
    confirmedSubscribers: Number(subscribers),
    siteKey: Boolean(info?.site_key),
    secondFactors: { users: sealed.length, openWithItsKey: openedBy(info?.site_key ?? null, sealed).length },
  };
}

export function verifyBackup(file: string): BackupSummary {
  const { bytes, migrations, read } = checkSqliteBackup(file, Object.keys(siteMigrations("sqlite")), contentsOf);
  return { file, bytes, migrations, ...read };
}

export async function takeBackup(settings: BackupSettings, file?: string, now = new Date()): Promise<BackupSummary> {
  refusePostgres(settings);
  const target = path.resolve(file ?? path.join(backupDir(settings), backupName(now)));
  makePrivateDir(path.dirname(target));
  const keyFile = path.join(settings.DATA_DIR, SITE_KEY_FILE);
  const siteKey = !settings.ALTCHA_HMAC_KEY && existsSync(keyFile) ? readFileSync(keyFile, "utf8").trim() : null;
  await backupSqlite(path.join(settings.DATA_DIR, DATABASE_FILE), target, (copy) => {
    if (openedBy(settings.ALTCHA_HMAC_KEY ?? siteKey, sealedSecretsOf(copy)).length) {
      throw new BackupProblem(
        "The inbox's authenticator secrets are still sealed with the site key, which the backup carries: start the server once on this version (it seals them with the secrets key, apart from the backups), then back up. Nothing was written.",
      );
    }
    copy.exec(`CREATE TABLE ${BACKUP_TABLE} (taken_at TEXT NOT NULL, site_key TEXT)`);
    copy.prepare(`INSERT INTO ${BACKUP_TABLE} (taken_at, site_key) VALUES (?, ?)`).run(now.toISOString(), siteKey);
  });
  const copy = new DatabaseSync(target, { readOnly: true });
  try {
    return { file: target, bytes: statSync(target).size, migrations: migrationsOf(copy), ...contentsOf(copy) };
  } finally {
    copy.close();
  }
}

export interface Restored extends BackupSummary {
  aside: string[];
  unopened: string[];
}

/** Refused while the database is open elsewhere: restoring under a running server would lose what it writes next. */
export function restoreBackup(settings: BackupSettings, file: string, now = new Date()): Restored {
  refusePostgres(settings);
  const summary = verifyBackup(file);
  const target = path.join(settings.DATA_DIR, DATABASE_FILE);
  if (databaseInUse(target)) {
    throw new BackupProblem(
      `${target} is in use: stop the server (and any other npm run admin command) first, then restore. Nothing was changed.`,
    );
  }
  makePrivateDir(settings.DATA_DIR);
  const aside = path.join(settings.DATA_DIR, `replaced-${backupName(now).slice("site-".length, -".db".length)}`);
  let siteKey: string | null = null;
  let sealed: Array<{ email: string; sealed: string }> = [];
  const moved = replaceSqlite(file, target, aside, (copy) => {
    sealed = sealedSecretsOf(copy);
    if (!hasTable(copy, BACKUP_TABLE)) return;
    siteKey = (copy.prepare(`SELECT site_key FROM ${BACKUP_TABLE}`).get() as { site_key: string | null } | undefined)?.site_key ?? null;
    copy.exec(`DROP TABLE ${BACKUP_TABLE}`);
  });
  if (siteKey) {
    const keyFile = path.join(settings.DATA_DIR, SITE_KEY_FILE);
    if (existsSync(keyFile) && readFileSync(keyFile, "utf8").trim() !== siteKey) {
      makePrivateDir(aside);
      renameSync(keyFile, path.join(aside, SITE_KEY_FILE));
      moved.push(path.join(aside, SITE_KEY_FILE));
    }
    writeFileSync(keyFile, siteKey, { mode: PRIVATE_FILE_MODE });
  }
  // The site key opens a copy taken before they were sealed apart (start-up seals those again).
  const opened = new Set([...openedBy(storedSecretsKey(settings), sealed), ...openedBy(settings.ALTCHA_HMAC_KEY ?? siteKey, sealed)]);
  return { ...summary, aside: moved, unopened: sealed.filter((secret) => !opened.has(secret)).map((secret) => secret.email) };
}

function dueSince(hour: number, now: Date): Date {
  const today = sastInstant(sastDate(now), hour * 60);
  return today <= now ? today : sastInstant(addDays(sastDate(now), -1), hour * 60);
}

export interface DailyBackups {
  runDue(now?: Date): Promise<BackupSummary | null>;
}

function backupsIn(dir: string): Array<{ name: string; at: Date }> {
  return (existsSync(dir) ? readdirSync(dir) : []).flatMap((name) => {
    const at = takenAtOf(name);
    return at ? [{ name, at }] : [];
  });
}

export function lastBackupAt(settings: Pick<BackupSettings, "DATA_DIR" | "BACKUP_DIR">): Date | null {
  const times = backupsIn(backupDir(settings)).map((backup) => backup.at.getTime());
  return times.length ? new Date(Math.max(...times)) : null;
}

export function dailyBackups(settings: BackupSettings & { BACKUP_HOUR: number }): DailyBackups {
  const dir = backupDir(settings);
  const existing = () => backupsIn(dir);
  return {
    async runDue(now = new Date()) {
      const since = dueSince(settings.BACKUP_HOUR, now);
      const taken = existing().some((backup) => backup.at >= since) ? null : await takeBackup(settings, undefined, now);
      const keepFrom = new Date(since.getTime() - (settings.BACKUP_KEEP_DAYS - 1) * DAY_MS);
      for (const backup of existing()) if (backup.at < keepFrom) rmSync(path.join(dir, backup.name), { force: true });
      return taken;
    },
  };
}

export function startDailyBackups(settings: BackupSettings & { BACKUP_HOUR: number }): { stop(): Promise<void> } {
  const schedule = dailyBackups(settings);
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= schedule
      .runDue()
      .then((taken) => {
        if (taken) log.info(`Backup: ${taken.file} (${describeContents(taken)})`);
      })
      .catch((error: unknown) => log.error(`Backup failed, tried again in ${SCHEDULE_CHECK_MS / 60_000} minutes:`, describeError(error)))
      .finally(() => (running = undefined));
  }, SCHEDULE_CHECK_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

export function describeContents(summary: Pick<BackupSummary, "leads" | "confirmedSubscribers">): string {
  const total = summary.leads.reduce((sum, form) => sum + form.count, 0);
  const forms = summary.leads.map((form) => `${form.form} ${form.count}`).join(", ");
  return `${forms ? `${forms}; ` : ""}${total} leads, ${summary.confirmedSubscribers} confirmed newsletter subscribers`;
}
