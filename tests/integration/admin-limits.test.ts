import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CODE_LOCK_AFTER, CODES_LOCKED_KIND } from "#server/admin/code-lock.ts";
import { codesLockedMessage, loginLimits } from "#server/admin/login.ts";
import { authenticatorCodeNotTaken, createUser, runAdmin, wrongAuthenticatorCode } from "#tests/support/admin-users.ts";
import { readSiteDb } from "#tests/support/database.ts";
import { InboxBrowser } from "#tests/support/inbox-browser.ts";
import { waitFor, writtenMail } from "#tests/support/leads.ts";
import { type RunningServer, startServer } from "#tests/support/server.ts";

/**
 * Every secret the inbox checks is limited per account as well as per
 * address (decision 0045), over real HTTP against the built server, as
 * browsers without JavaScript: a run of wrong codes locks the account's codes
 * and mails its user and the admins; the Account page's current password is
 * counted like the sign-in's (its turn among the password checks, timed, in admin-hash-turns.test.ts);
 * whatever ends a user's sessions ends their sign-ins under way too.
 */

const PASSWORD = "a long enough passphrase";
const ADMIN = "boss@roimedia.co.za";
const OTHER_ADMIN = "deputy@roimedia.co.za";

let server: RunningServer;
let addresses = 0;
const browser = () => new InboxBrowser(server.url, `198.18.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`);
const audit = (action: string) =>
  readSiteDb<{ actor: string; detail: string }>(
    server.dataDir,
    "SELECT actor, detail FROM admin_audit_log WHERE action = ? ORDER BY id",
    action,
  );
const waitingSignIns = (email: string) =>
  readSiteDb(server.dataDir, "SELECT 1 FROM admin_sign_ins s JOIN admin_users u ON u.id = s.user_id WHERE u.email = ?", email).length;

/** A browser past the password (its sign-in waits for a code), and how it posts a code. */
async function pastThePassword(email: string, password = PASSWORD) {
  const at = browser();
  expect((await at.password(email, password)).status, `${email}'s password from ${at.address}`).toBe(303);
  const code = (value: string) =>
    at.request("/admin/login/code", { body: { token: at.cookies.get("roi_admin_login")!, code: value, next: "/admin" } });
  return { at, code };
}

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "x-forwarded-for", OUTBOX_POLL_MS: "200" });
  await createUser(server.dataDir, ADMIN, PASSWORD);
  await createUser(server.dataDir, OTHER_ADMIN, PASSWORD);
  for (const [email, role] of [
    ["guessed@roimedia.co.za", "editor"],
    ["reset@roimedia.co.za", "editor"],
    ["lowered@roimedia.co.za", "editor"],
    ["given@roimedia.co.za", "reader"],
    ["reader@roimedia.co.za", "reader"],
  ] as const) {
    await createUser(server.dataDir, email, PASSWORD, undefined, { role });
  }
  // Each sets up their app at a first sign-in, as they would.
  for (const email of [ADMIN, "guessed@roimedia.co.za", "reset@roimedia.co.za", "lowered@roimedia.co.za", "given@roimedia.co.za"]) {
    expect((await browser().signIn(email, PASSWORD)).signedIn, email).toBe(true);
  }
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe("the code step", () => {
  it(
    `locks an account's codes after ${CODE_LOCK_AFTER} wrong ones in a row from anywhere, and mails its user and the admins once`,
    { timeout: 120_000 },
    async () => {
      const email = "guessed@roimedia.co.za";
      // Forty addresses past the password, two codes each: within every limit per address.
      const guessers = [];
      for (let i = 0; i < 40; i++) guessers.push(await pastThePassword(email));
      const answers = (
        await Promise.all(
          guessers.map(async ({ code }) => [await code(wrongAuthenticatorCode(email)), await code(wrongAuthenticatorCode(email))]),
        )
      ).flat();
      expect(answers).toHaveLength(80);
      // Ten checked: nine told they were wrong, and the tenth that the codes are now locked, as is every code after it.
      expect(audit("sign-in-failed").filter((entry) => entry.actor === email)).toHaveLength(CODE_LOCK_AFTER);
      expect(answers.filter((answer) => answer.status === 401)).toHaveLength(CODE_LOCK_AFTER - 1);
      const locked = answers.filter((answer) => answer.status === 429);
      expect(locked).toHaveLength(80 - CODE_LOCK_AFTER + 1);
      for (const answer of locked) {
        expect(Number(answer.headers.get("retry-after")), "the lock's time left, in seconds").toBeGreaterThan(14 * 60);
        expect(answer.text).toContain(codesLockedMessage(15).split(",")[0]);
      }

      // The user, elsewhere, with the right code: no code is taken until the lock ends.
      const user = await pastThePassword(email);
      const refused = await user.code(authenticatorCodeNotTaken(email));
      expect(refused.status).toBe(429);
      expect(user.at.session).toBeUndefined();

      // One mail each to the user and every admin, through the outbox; one entry in the audit log.
      const mailed = readSiteDb<{ recipient: string }>(server.dataDir, "SELECT recipient FROM outbox WHERE kind = ?", CODES_LOCKED_KIND);
      expect(mailed.map((row) => row.recipient).sort()).toEqual([ADMIN, OTHER_ADMIN, email].sort());
      const written = await waitFor(() => {
        const files = writtenMail(server.dataDir).filter((mail) => mail.includes(`${CODES_LOCKED_KIND} for ${email}`));
        return files.length === 3 ? files : undefined;
      }, "the three mails to be written");
      expect(written.find((mail) => /^To: guessed@/m.test(mail))).toMatch(/your ROI Media lead inbox account/);
      expect(written.find((mail) => /^To: boss@/m.test(mail))).toMatch(/set-password guessed@roimedia\.co\.za/);
      expect(audit("codes-locked")).toEqual([
        {
          actor: email,
          detail: expect.stringMatching(/^codes locked for 15 minutes after 10 wrong codes in a row, the last from 198\.18\./),
        },
      ]);

      // A new password shuts the guesser out and lifts the lock.
      const newPassword = "another long passphrase";
      expect((await runAdmin(["set-password", email], { DATA_DIR: server.dataDir }, `${newPassword}\n`)).code).toBe(0);
      expect((await browser().signIn(email, newPassword)).signedIn).toBe(true);
    },
  );

  it("ends a sign-in under way when a new password is set on the command line", async () => {
    const email = "reset@roimedia.co.za";
    const waiting = await pastThePassword(email);
    const newPassword = "a fresh long passphrase";
    const run = await runAdmin(["set-password", email], { DATA_DIR: server.dataDir }, `${newPassword}\n`);
    expect(run.code).toBe(0);
    expect(waitingSignIns(email)).toBe(0);
    // The right code no longer finishes the sign-in begun with the old password.
    expect((await waiting.code(authenticatorCodeNotTaken(email))).location).toBe("/admin/login?start-again=1");
    expect(waiting.at.session).toBeUndefined();
  });

  it("ends the sessions and sign-ins under way of a user whose role is lowered, or who is given a new password on the Users page", async () => {
    const admin = browser();
    expect((await admin.signIn(ADMIN, PASSWORD)).signedIn).toBe(true);
    const idOf = (email: string) =>
      String(readSiteDb<{ id: number }>(server.dataDir, "SELECT id FROM admin_users WHERE email = ?", email)[0]!.id);

    const lowered = "lowered@roimedia.co.za";
    const signedIn = browser();
    expect((await signedIn.signIn(lowered, PASSWORD)).signedIn).toBe(true);
    const waiting = await pastThePassword(lowered);
    const role = await admin.post("/admin/users", { intent: "role", user: idOf(lowered), role: "reader" }, "/admin/users");
    expect(role.location).toBe("/admin/users?done=lowered");
    expect((await waiting.code(authenticatorCodeNotTaken(lowered))).location).toBe("/admin/login?start-again=1");
    expect(waiting.at.session).toBeUndefined();
    expect((await signedIn.request("/admin")).location).toMatch(/^\/admin\/login/);
    // Raised again, the next sign-in has the role.
    await admin.post("/admin/users", { intent: "role", user: idOf(lowered), role: "editor" }, "/admin/users");
    expect((await browser().signIn(lowered, PASSWORD)).signedIn).toBe(true);

    const given = "given@roimedia.co.za";
    const before = await pastThePassword(given);
    const answer = await admin.post("/admin/users", { intent: "new-password", user: idOf(given) }, "/admin/users");
    expect(answer.status).toBe(200);
    const shown = /has a new password, shown only now: <code[^>]*>([A-Za-z0-9]{16})<\/code>/.exec(answer.text)?.[1];
    expect(shown, "the new password shown once").toBeDefined();
    expect((await before.code(authenticatorCodeNotTaken(given))).location).toBe("/admin/login?start-again=1");
    const after = browser();
    expect((await after.signIn(given, shown!)).signedIn).toBe(true);
    expect((await after.request("/admin")).location).toBe("/admin/account");
    expect(audit("set-password").map((entry) => entry.detail)).toContain(`gave ${given} a new password`);
  });
});

describe("the Account page's current password", () => {
  it("is counted as the sign-in's password is: past the limit, a session's guesses are refused", async () => {
    const reader = browser();
    expect((await reader.signIn("reader@roimedia.co.za", PASSWORD)).signedIn).toBe(true);
    const guess = (current: string) =>
      reader.post("/admin/account", { intent: "password", current, password: "a new long passphrase", repeat: "a new long passphrase" });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await guess(`guess number ${i}`)).status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(loginLimits.pair.max);
    expect(statuses.slice(loginLimits.pair.max)).toEqual(new Array(30 - loginLimits.pair.max).fill(429));
    const refused = await guess(PASSWORD);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    expect(audit("password-check-failed").filter((entry) => entry.actor === "reader@roimedia.co.za")).toHaveLength(loginLimits.pair.max);
    // Still the reader's old password.
    expect((await browser().password("reader@roimedia.co.za", PASSWORD)).status).toBe(303);
  });
});
