import type { Kysely } from "kysely";
import { Secret, TOTP } from "otpauth";
import { beforeEach, describe, expect, it } from "vitest";
import { CODE_LOCK_AFTER, CODES_LOCKED_KIND } from "#server/admin/code-lock.ts";
import { attemptLogin, attemptSecondFactor, confirmEnrolment, enrolmentOffer } from "#server/admin/login.ts";
import { checkPasskey, signInOptions } from "#server/admin/passkeys.ts";
import { createSession, findSignIn, startSignIn } from "#server/admin/sessions.ts";
import { changeRole, createUser, listUsers, setPassword } from "#server/admin/users.ts";
import type { Database } from "#server/db/schema.ts";
import { parseEnv } from "#server/env.ts";
import type { RateLimits } from "#server/rate-limits.ts";
import { databaseKinds, type TestDatabase, useSiteDatabase } from "#tests/support/database.ts";

/**
 * The code step's lock, passkey challenges and the ends of sign-ins under way
 * (decision 0045) on SQLite and, when TEST_DATABASE_URL is set, PostgreSQL:
 * the times compared, the counts kept and the rows taken once on each.
 */

const PASSWORD = "a long enough passphrase";
const MINUTE = 60_000;

describe.each(databaseKinds)("the inbox's per-account limits on %s", (kind) => {
  const site = useSiteDatabase(kind);
  let test: TestDatabase;
  let db: Kysely<Database>;
  let rateLimits: RateLimits;
  beforeEach(() => void ({ test, db, rateLimits } = site));

  const services = () => ({
    db,
    rateLimits,
    settings: parseEnv({ ...test.settings }),
    forgetKey: Buffer.alloc(32, 7),
    totpKey: Buffer.alloc(32, 9),
  });
  let addresses = 0;
  const client = () => {
    const address = `198.51.100.${++addresses}`;
    return { address, rateLimitSubject: address };
  };

  /** A user past their first sign-in: their app, and a sign-in waiting for its code from a new address at `now`. */
  async function enrolled(email: string, now: Date) {
    await createUser(db, email, PASSWORD, { role: "editor" });
    const first = await attemptLogin(services(), { email, password: PASSWORD, client: client(), previousPending: "" }, now);
    if (!first.ok) throw new Error(first.reason);
    const offer = await enrolmentOffer(services(), (await findSignIn(db, first.pending, now))!);
    const app = new TOTP({ secret: Secret.fromBase32(offer.secret.replace(/ /g, "")), algorithm: "SHA1", digits: 6, period: 30 });
    const step = {
      pending: first.pending,
      code: app.generate({ timestamp: now.getTime() }),
      client: client(),
      userAgent: null,
      previousSession: "",
    };
    expect(await confirmEnrolment(services(), step, now)).toMatchObject({ ok: true });
    const waiting = async (at: Date) => {
      const from = client();
      const signIn = await attemptLogin(services(), { email, password: PASSWORD, client: from, previousPending: "" }, at);
      if (!signIn.ok) throw new Error(signIn.reason);
      return (code: string) =>
        attemptSecondFactor(services(), { pending: signIn.pending, code, client: from, userAgent: null, previousSession: "" }, at);
    };
    /** A code none of the steps around `at` has. */
    const wrong = (at: Date) => {
      const taken = new Set([-1, 0, 1].map((delta) => app.generate({ timestamp: at.getTime() + delta * 30_000 })));
      return ["000000", "111111", "222222", "333333"].find((code) => !taken.has(code))!;
    };
    return { app, waiting, wrong };
  }

  /** A run of wrong codes from addresses of their own, two each: the answers. */
  async function wrongCodes(user: Awaited<ReturnType<typeof enrolled>>, count: number, at: Date) {
    const answers = [];
    for (let i = 0; i < count; i += 2) {
      const code = await user.waiting(at);
      for (let j = i; j < Math.min(i + 2, count); j++) answers.push(await code(user.wrong(at)));
    }
    return answers;
  }

  it("locks the codes after a run of wrong ones, each lock within a day of the last twice as long; a new password lifts it", async () => {
    const start = new Date("2026-11-23T08:00:00.000Z");
    await createUser(db, "boss@roimedia.co.za", PASSWORD, { role: "admin" });
    const user = await enrolled("guessed@roimedia.co.za", start);

    const answers = await wrongCodes(user, CODE_LOCK_AFTER, start);
    expect(answers.slice(0, -1)).toEqual(new Array(CODE_LOCK_AFTER - 1).fill({ ok: false, reason: "invalid" }));
    expect(answers.at(-1)).toEqual({ ok: false, reason: "locked", retryAfterMinutes: 15 });
    // Even the right code waits for the lock's end.
    const during = new Date(start.getTime() + 10 * MINUTE);
    expect(await (await user.waiting(during))(user.app.generate({ timestamp: during.getTime() }))).toEqual({
      ok: false,
      reason: "locked",
      retryAfterMinutes: 5,
    });

    // The next run, just after the lock: twice as long. One a day after that lock's end: back to the first length.
    const after = new Date(start.getTime() + 16 * MINUTE);
    expect((await wrongCodes(user, CODE_LOCK_AFTER, after)).at(-1)).toEqual({ ok: false, reason: "locked", retryAfterMinutes: 30 });
    const nextDay = new Date(after.getTime() + (30 + 24 * 60 + 1) * MINUTE);
    expect((await wrongCodes(user, CODE_LOCK_AFTER, nextDay)).at(-1)).toEqual({ ok: false, reason: "locked", retryAfterMinutes: 15 });

    const mailed = await db.selectFrom("outbox").select(["recipient", "lead_table"]).where("kind", "=", CODES_LOCKED_KIND).execute();
    expect(mailed.map((row) => row.recipient).sort()).toEqual([
      "boss@roimedia.co.za",
      "boss@roimedia.co.za",
      "boss@roimedia.co.za",
      "guessed@roimedia.co.za",
      "guessed@roimedia.co.za",
      "guessed@roimedia.co.za",
    ]);

    // A new password lifts the lock: the right code is taken at once.
    await setPassword(db, "guessed@roimedia.co.za", PASSWORD);
    const lifted = new Date(nextDay.getTime() + MINUTE);
    expect(await (await user.waiting(lifted))(user.app.generate({ timestamp: lifted.getTime() }))).toMatchObject({ ok: true });
  });

  it("takes a passkey challenge once, and not after it waited too long", async () => {
    const now = new Date("2026-11-23T08:00:00.000Z");
    const user = await createUser(db, "keyed@roimedia.co.za", PASSWORD, { role: "reader" });
    await db
      .insertInto("admin_passkeys")
      .values({
        user_id: user.id,
        credential_id: "a-credential",
        public_key: "AA",
        counter: 4_000_000_000,
        transports: null,
        name: "Key",
        created_at: now,
        last_used_at: null,
      })
      .execute();
    const rp = { id: "roi.test", origin: "https://roi.test" };
    const pending = { id: "a-sign-in", userId: user.id };
    expect(await signInOptions(db, rp, pending, now)).toMatchObject({ rpId: "roi.test", allowCredentials: [{ id: "a-credential" }] });
    expect(await checkPasskey(db, rp, pending, "{}", now)).toEqual({ ok: false, why: "not one of the user's passkeys" });
    expect(await checkPasskey(db, rp, pending, "{}", now)).toEqual({ ok: false, why: "no challenge asked, or it waited too long" });
    await signInOptions(db, rp, pending, now);
    expect(await checkPasskey(db, rp, pending, "{}", new Date(now.getTime() + 6 * MINUTE))).toEqual({
      ok: false,
      why: "no challenge asked, or it waited too long",
    });
    // A counter past a 32-bit signed integer is kept whole; the Users page counts the passkey.
    expect(Number((await db.selectFrom("admin_passkeys").select("counter").executeTakeFirstOrThrow()).counter)).toBe(4_000_000_000);
    expect((await listUsers(db)).find((row) => row.email === "keyed@roimedia.co.za")).toMatchObject({ passkeys: 1 });
  });

  it("a lower role ends the user's sessions and sign-ins under way; a higher one keeps them", async () => {
    await createUser(db, "boss@roimedia.co.za", PASSWORD, { role: "admin" });
    const user = await createUser(db, "moved@roimedia.co.za", PASSWORD, { role: "editor" });
    const dialect = kind;
    const held = async () => ({
      sessions: (await db.selectFrom("admin_sessions").select("id").where("user_id", "=", user.id).execute()).length,
      signIns: (await db.selectFrom("admin_sign_ins").select("id").where("user_id", "=", user.id).execute()).length,
    });
    await createSession(db, user.id, { clientAddress: "203.0.113.1", userAgent: null });
    await startSignIn(db, user.id);
    expect(await changeRole(db, dialect, user.id, "admin")).toEqual({ ok: true, email: "moved@roimedia.co.za" });
    expect(await held()).toEqual({ sessions: 1, signIns: 1 });
    expect(await changeRole(db, dialect, user.id, "reader")).toEqual({ ok: true, email: "moved@roimedia.co.za", signedOut: true });
    expect(await held()).toEqual({ sessions: 0, signIns: 0 });
  });
});
