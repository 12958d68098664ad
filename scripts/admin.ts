// npm run admin -- <command>: the lead inbox's accounts, from the server's command line.
//
//   create-user EMAIL   asks for the password twice without echo (a terminal), or reads
//                       it from standard input (piped: the first line)
//   set-password EMAIL  the same, for an existing user; signs them out everywhere
//   list-users          every user, with when they last signed in
//
// It opens the database the server opens, with the same settings (server/env.ts:
// DATA_DIR or DATABASE_URL) and migrations. Node runs it from source: every module
// it imports uses .ts extensions, which Node's type stripping resolves as written.
import { COMMAND_LINE, recordAudit } from "../server/admin/audit.ts";
import { passwordProblem } from "../server/admin/password.ts";
import type { AdminDatabase, AdminTables } from "../server/admin/schema.ts";
import type { BookingTables } from "../server/booking/schema.ts";
import { createUser, listUsers, looksLikeEmail, normalizeEmail, setPassword, UserExistsError } from "../server/admin/users.ts";
import { openSiteDatabase } from "../server/migrations.ts";
import { env, EnvError } from "../server/env.ts";
import type { Kysely } from "kysely";

const USAGE = `Usage: npm run admin -- <command>
  create-user EMAIL    create an agency user of the lead inbox (/admin)
  set-password EMAIL   give a user a new password (ends their sessions)
  list-users           list the users
The password is asked for without echo, or read from standard input when it is piped.`;

class UsageError extends Error {}

/** Reads one line from a terminal without showing it. */
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

/** The first line of standard input, when a password is piped in. */
async function readPiped(): Promise<string> {
  let text = "";
  process.stdin.setEncoding("utf8");
  for await (const chunk of process.stdin) text += chunk;
  return text.split(/\r?\n/)[0] ?? "";
}

async function readNewPassword(): Promise<string> {
  let password: string;
  if (process.stdin.isTTY) {
    password = await promptHidden("Password: ");
    const again = await promptHidden("Repeat the password: ");
    if (again !== password) throw new UsageError("The passwords differ.");
  } else {
    password = await readPiped();
  }
  const problem = passwordProblem(password);
  if (problem) throw new UsageError(problem);
  return password;
}

function emailArgument(value: string | undefined): string {
  const email = normalizeEmail(value ?? "");
  if (!looksLikeEmail(email)) throw new UsageError(`Give the user's email address.\n\n${USAGE}`);
  return email;
}

async function run(command: string | undefined, args: string[], db: Kysely<AdminDatabase>): Promise<void> {
  switch (command) {
    case "create-user": {
      const email = emailArgument(args[0]);
      const user = await createUser(db, email, await readNewPassword());
      await recordAudit(db, COMMAND_LINE, { action: "create-user", detail: `created the user ${user.email}` });
      console.log(`Created ${user.email}. Sign in at /admin/login.`);
      return;
    }
    case "set-password": {
      const email = emailArgument(args[0]);
      const user = await setPassword(db, email, await readNewPassword());
      if (!user) throw new UsageError(`There is no user ${email}.`);
      await recordAudit(db, COMMAND_LINE, { action: "set-password", detail: `set a new password for ${user.email}` });
      console.log(`New password set for ${user.email}; their sessions are ended.`);
      return;
    }
    case "list-users": {
      const users = await listUsers(db);
      if (!users.length) console.log("No users yet: npm run admin -- create-user you@example.com");
      for (const user of users) {
        console.log(
          `${user.email}\tcreated ${user.created_at.toISOString()}\tlast sign-in ${user.last_login_at?.toISOString() ?? "never"}`,
        );
      }
      return;
    }
    default:
      throw new UsageError(USAGE);
  }
}

const [command, ...args] = process.argv.slice(2);
try {
  const settings = env();
  // Checked before the database is opened, so a typo does not migrate anything.
  if (!["create-user", "set-password", "list-users"].includes(command ?? "")) throw new UsageError(USAGE);
  const database = await openSiteDatabase(settings);
  try {
    await run(command, args, database.db.withTables<BookingTables & AdminTables>());
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof UsageError || error instanceof UserExistsError || error instanceof EnvError) {
    console.error(error.message);
    process.exitCode = 2;
  } else {
    throw error;
  }
}
