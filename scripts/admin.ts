// npm run admin -- <command> (USAGE below). Opens the database the server opens, with its settings and migrations.
import { COMMAND_LINE, recordAudit } from "#server/audit/audit.ts";
import { adminRoles, type AdminRole, isAdminRole } from "#app/lib/inbox.ts";
import { passwordProblem } from "#server/admin/password.ts";
import { resetSecondFactor } from "#server/admin/second-factor.ts";
import { secretsKeySource, unopenedAdvice } from "#server/admin/secrets-key.ts";
import type { Database } from "#server/db/schema.ts";
import {
  createUser,
  findUserForLogin,
  listUsers,
  looksLikeEmail,
  noUsersYet,
  normalizeEmail,
  setPassword,
  UserExistsError,
} from "#server/admin/users.ts";
import { openSiteDatabase } from "#server/migrations.ts";
import { calendarFeedCommand } from "#server/booking/calendar-feed.ts";
import { type BackupSummary, describeContents, restoreBackup, takeBackup, verifyBackup } from "#server/backups.ts";
import { BackupProblem } from "#server/db/backup.ts";
import { type Env, env, EnvError } from "#server/env.ts";
import { formatSast } from "#app/lib/sast.ts";
import type { Kysely } from "kysely";
import path from "node:path";

const COMMANDS = ["create-user", "set-password", "reset-second-factor", "list-users", "calendar-feed"];
const ROLES = adminRoles.map((role) => role.key).join("|");

const USAGE = `Usage: npm run admin -- <command>
  create-user EMAIL [--role ${ROLES}]
                       create an agency user of the lead inbox (/admin); the first is an admin,
                       later ones readers unless --role says otherwise
  set-password EMAIL   give a user a new password (ends their sessions and sign-ins under way,
                       lifts a lock of their codes)
  reset-second-factor EMAIL
                       forget a user's authenticator app, recovery codes and passkeys (ends their sessions);
                       they set up a new one at their next sign-in
  list-users           list the users
  calendar-feed ID [--stop]
                       a new private feed address of a consultant's calls (the one before stops at
                       once), printed once; --stop: no feed
  backup [FILE]        copy the embedded database while the site runs (into BACKUP_DIR unless FILE)
  verify FILE          check a backup without restoring it
  restore FILE         put a checked backup in place of the database (stop the server first)
The password is asked for without echo, or read from standard input when it is piped.`;

const BACKUP_COMMANDS = ["backup", "verify", "restore"];

class UsageError extends Error {}

function promptHidden(question: string): Promise<string> {
  const input = process.stdin;
  process.stderr.write(question);
  return new Promise((resolve, reject) => {
    let typed = "";
    input.setRawMode(true);
    input.resume();
    input.setEncoding("utf8");
    const done = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.off("data", onData);
      process.stderr.write("\n");
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") return done();
        if (char === "\u0003" || char === "\u0004") return done(new UsageError("Cancelled."));
        if (char === "\u007f" || char === "\b") typed = typed.slice(0, -1);
        else if (char >= " ") typed += char;
      }
    };
    input.on("data", onData);
  });
}

async function readPiped(): Promise<string> {
  let text = "";
  process.stdin.setEncoding("utf8");
  for await (const chunk of process.stdin) text += chunk;
  return text.split(/\r?\n/)[0] ?? "";
}

async function readNewPassword(email: string): Promise<string> {
  let password: string;
  if (process.stdin.isTTY) {
    password = await promptHidden("Password: ");
    const again = await promptHidden("Repeat the password: ");
    if (again !== password) throw new UsageError("The passwords differ.");
  } else {
    password = await readPiped();
  }
  const problem = passwordProblem(password, email);
  if (problem) throw new UsageError(problem);
  return password;
}

function roleArgument(args: string[]): AdminRole | null {
  const at = args.indexOf("--role");
  if (at === -1) return null;
  const role = args[at + 1] ?? "";
  if (!isAdminRole(role)) throw new UsageError(`--role is one of ${ROLES}.`);
  return role;
}

function emailArgument(value: string | undefined): string {
  const email = normalizeEmail(value ?? "");
  if (!looksLikeEmail(email)) throw new UsageError(`Give the user's email address.\n\n${USAGE}`);
  return email;
}

async function run(command: string | undefined, args: string[], db: Kysely<Database>): Promise<void> {
  switch (command) {
    case "create-user": {
      const email = emailArgument(args[0]);
      const role = roleArgument(args) ?? ((await noUsersYet(db)) ? "admin" : "reader");
      const user = await createUser(db, email, await readNewPassword(email), { role });
      await recordAudit(db, COMMAND_LINE, { action: "create-user", detail: `created the user ${user.email} as ${role}` });
      console.log(`Created ${user.email} (${role}). Sign in at /admin/login and set up an authenticator app.`);
      return;
    }
    case "set-password": {
      const email = emailArgument(args[0]);
      const user = await setPassword(db, email, await readNewPassword(email));
      if (!user) throw new UsageError(`There is no user ${email}.`);
      await recordAudit(db, COMMAND_LINE, { action: "set-password", detail: `set a new password for ${user.email}` });
      console.log(`New password set for ${user.email}; their sessions and any sign-in under way are ended.`);
      return;
    }
    case "reset-second-factor": {
      const email = emailArgument(args[0]);
      const user = await findUserForLogin(db, email);
      if (!user) throw new UsageError(`There is no user ${email}.`);
      await resetSecondFactor(db, user.id);
      await recordAudit(db, COMMAND_LINE, { action: "reset-second-factor", detail: `reset the authenticator app of ${user.email}` });
      console.log(`${user.email} sets up a new authenticator app at their next sign-in; their sessions are ended.`);
      return;
    }
    case "list-users": {
      const users = await listUsers(db);
      if (!users.length) console.log("No users yet: npm run admin -- create-user you@example.com");
      for (const user of users) {
        console.log(
          [
            user.email,
            user.role,
            user.secondFactor ? "authenticator app set up" : "no authenticator app yet",
            `created ${user.created_at.toISOString()}`,
            `last sign-in ${user.last_login_at?.toISOString() ?? "never"}`,
          ].join("\t"),
        );
      }
      return;
    }
    case "calendar-feed": {
      const answer = await calendarFeedCommand(db, env(), args);
      if (!answer.ok) throw new UsageError(answer.text);
      console.log(answer.text);
      return;
    }
    default:
      throw new UsageError(USAGE);
  }
}

function fileArgument(value: string | undefined): string {
  if (!value) throw new UsageError(`Give the backup file.\n\n${USAGE}`);
  return value;
}

function describeBackup(summary: BackupSummary): string {
  const taken = summary.takenAt ? `taken ${formatSast(summary.takenAt)} SAST` : "taken otherwise (no record of when)";
  const key = summary.siteKey
    ? "The site key is in it."
    : "The site key is not in it (ALTCHA_HMAC_KEY was set, or it was copied otherwise): keep that key with it.";
  const { users, openWithItsKey } = summary.secondFactors;
  const apps = !users
    ? []
    : openWithItsKey
      ? [
          `${openWithItsKey} of its ${users} users' authenticator apps are sealed with the site key in it (it was taken before they were sealed apart): anyone holding this file can open them; delete it once a newer backup is taken.`,
        ]
      : [
          `${users === 1 ? "Its one user's authenticator app is" : `The authenticator apps of its ${users} users are`} sealed with the secrets key, which is not in it: keep that key apart from the backups (README: Backups).`,
        ];
  return [
    `${summary.file}: ${(summary.bytes / 1_048_576).toFixed(1)} MB, ${taken}, ${summary.migrations.length} migrations (the latest ${summary.migrations.at(-1)}).`,
    `It holds ${describeContents(summary)}. ${key}`,
    ...apps,
  ].join("\n");
}

/** They open no connection that would migrate the database. */
async function runBackupCommand(command: string, args: string[], settings: Env): Promise<void> {
  switch (command) {
    case "backup": {
      const taken = await takeBackup(settings, args[0]);
      console.log(`Backed up, and checked: sound.\n${describeBackup(verifyBackup(taken.file))}`);
      return;
    }
    case "verify":
      console.log(
        `Sound: SQLite's integrity check passed, and this version of the site can restore it.\n${describeBackup(verifyBackup(fileArgument(args[0])))}`,
      );
      return;
    case "restore": {
      const restored = restoreBackup(settings, fileArgument(args[0]));
      const aside = restored.aside.length
        ? `What it replaced is kept in ${path.dirname(restored.aside[0]!)}.`
        : "There was no database to replace.";
      const apps = restored.unopened.length
        ? `Before the users sign in again: ${unopenedAdvice(restored.unopened, secretsKeySource(settings))}`
        : restored.secondFactors.users
          ? `The authenticator apps open with the secrets key (${secretsKeySource(settings)}).`
          : "";
      console.log(
        [
          `Restored into ${settings.DATA_DIR}.`,
          describeBackup(restored),
          aside,
          ...(apps ? [apps] : []),
          "Start the server: it brings an older backup's schema up to date.",
        ].join("\n"),
      );
      return;
    }
  }
}

const [command, ...args] = process.argv.slice(2);
try {
  const settings = env();
  if (BACKUP_COMMANDS.includes(command ?? "")) {
    await runBackupCommand(command!, args, settings);
  } else {
    // Checked before the database is opened, so a typo does not migrate anything.
    if (!COMMANDS.includes(command ?? "")) throw new UsageError(USAGE);
    const database = await openSiteDatabase(settings);
    try {
      await run(command, args, database.db);
    } finally {
      await database.close();
    }
  }
} catch (error) {
  if (error instanceof UsageError || error instanceof UserExistsError || error instanceof EnvError) {
    console.error(error.message);
    process.exitCode = 2;
  } else if (error instanceof BackupProblem) {
    console.error(error.message);
    process.exitCode = 1;
  } else {
    throw error;
  }
}
