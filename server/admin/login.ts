import { createHash } from "node:crypto";
import { minutesText } from "#app/forms/messages.ts";
import type { ClientAddress } from "#server/http/client-address.ts";
import type { RateLimitRule, RateLimits } from "#server/rate-limits.ts";
import { type Actor, emailFingerprint, recordAudit } from "#server/audit/audit.ts";
import { codeWasRight, countCodeCheck, lockCodes } from "#server/admin/code-lock.ts";
import { decoyHash, hashPassword, inHashingTurn, needsRehash, verifyPassword } from "#server/admin/password.ts";
import { checkPasskey, type RelyingParty, sweepChallenges } from "#server/admin/passkeys.ts";
import {
  acceptTotp,
  enrolment,
  looksLikeRecoveryCode,
  newTotpSecret,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  sealSecret,
  totpStep,
  useRecoveryCode,
} from "#server/admin/second-factor.ts";
import type { AdminServices } from "#server/admin/services.ts";
import {
  abandonSignIn,
  createSession,
  destroySession,
  endSignIn,
  failSignIn,
  findSignIn,
  offerEnrolment,
  type PendingSignIn,
  startSignIn,
  sweepSessions,
} from "#server/admin/sessions.ts";
import { findUserForLogin, normalizeEmail, upgradePasswordHash } from "#server/admin/users.ts";

/**
 * Signing in to the inbox takes two steps (docs/decisions/0030): the password,
 * then a code from the user's authenticator app or one of their recovery codes
 * (a user without an app sets one up instead). A session starts only after
 * both. Between the two, the browser holds a waiting sign-in (sessions.ts
 * startSignIn), good for SIGN_IN_PENDING_MINUTES and MAX_CODE_TRIES wrong codes.
 */

/** The one answer to a wrong email or a wrong password, so neither tells which accounts exist. */
export const LOGIN_FAILED = "Invalid email or password";
export const CODE_FAILED = "That code is not right. Try the current code, or a recovery code.";
/** Wrong codes one waiting sign-in may take before its password must be given again. */
export const MAX_CODE_TRIES = 5;

/**
 * Sign-in limits, in the forms' limiter (RateLimits.hit, server/rate-limits.ts), for each step.
 * Every attempt is counted before the password or code is checked, so parallel
 * guesses cannot slip past the count; a step that succeeds takes back its own
 * attempt and the earlier failures of its address at its account, so only
 * guesses stay counted.
 * - pair: one address at one account. An address is what every limit counts
 *   (ClientAddress.rateLimitSubject): an IPv6 visitor's whole network.
 * - address: one address at any accounts (trying many).
 * - account: all addresses at one account. Past it, each address has only
 *   `triesOnceAccountLimited` attempts at the account, so a stranger guessing
 *   from anywhere cannot lock its user out: the right password from an address
 *   that has not failed there (or failed once) still signs in.
 * The password's account key is a hash of the typed address, so the limiter's
 * table holds no email address, and an unknown address is limited like a known one.
 */
export const loginLimits = {
  pair: { max: 5, windowMinutes: 15 },
  address: { max: 20, windowMinutes: 15 },
  account: { max: 10, windowMinutes: 15 },
} as const satisfies Record<string, RateLimitRule>;
export const triesOnceAccountLimited = 2;

type LimitKeys = Record<keyof typeof loginLimits, string>;
const passwordLimitKeys: LimitKeys = { pair: "admin-login-pair", address: "admin-login", account: "admin-login-account" };
const codeLimitKeys: LimitKeys = { pair: "admin-code-pair", address: "admin-code", account: "admin-code-account" };

export function loginRateLimitMessage(minutes: number): string {
  return `Too many sign-in attempts. Try again in ${minutesText(minutes)}.`;
}

type RateLimited = { ok: false; reason: "rate-limit"; retryAfterMinutes: number };

export type LoginResult =
  /** The password was right: `pending` goes in the waiting sign-in's cookie; the user gives a code, or sets an app up. */
  { ok: true; pending: string; secondStep: "code" | "enrol" } | { ok: false; reason: "invalid" | "busy" } | RateLimited;

/** The password's account key: a hash of the typed address, so the limiter's table holds no email address. */
const passwordAccountKey = (email: string) => createHash("sha256").update(email).digest("hex").slice(0, 32);

type Services = Pick<AdminServices, "db" | "rateLimits" | "settings" | "forgetKey">;
type LoginInput = { email: string; password: string; client: ClientAddress; previousPending: string };

/** The sign-in's first step, in a turn of the password checks (password.ts inHashingTurn): "busy" past them. */
export async function attemptLogin(services: Services, input: LoginInput, now = new Date()): Promise<LoginResult> {
  const result = await inHashingTurn(() => checkPassword(services, input, now));
  return result === "busy" ? { ok: false, reason: "busy" } : result;
}

/** Counts an attempt on the three limits; a refusal, or the keys to forgive should it succeed. */
async function countAttempt(rateLimits: RateLimits, keys: LimitKeys, accountKey: string, subject: string, now: Date) {
  const pairKey = `${accountKey} ${subject}`;
  const pair = await rateLimits.hit(keys.pair, pairKey, loginLimits.pair, now);
  const address = await rateLimits.hit(keys.address, subject, loginLimits.address, now);
  const account = await rateLimits.hit(keys.account, accountKey, loginLimits.account, now);
  const blocked = [pair, address, ...(pair.count > triesOnceAccountLimited ? [account] : [])].filter((hit) => !hit.allowed);
  const forgive = async () => {
    // Whoever knows the password (or has the code) made this address's failures at this account: typos, not guesses.
    const forgiven = await rateLimits.clear(keys.pair, pairKey);
    await rateLimits.refund(keys.address, subject, forgiven);
    await rateLimits.refund(keys.account, accountKey, forgiven);
  };
  if (!blocked.length) return { refused: null, forgive };
  const wait = Math.max(...blocked.map((hit) => hit.retryAfterMs));
  const refused: RateLimited = { ok: false, reason: "rate-limit", retryAfterMinutes: Math.max(1, Math.ceil(wait / 60_000)) };
  return { refused, forgive };
}

/** Who failed, for the audit log: the account's user, or someone at an address that has none (known by a hash alone). */
function failedActor(user: { id: number; email: string } | undefined): Actor {
  return user ? { userId: user.id, name: user.email } : { userId: null, name: "unknown account" };
}

async function checkPassword(services: Services, input: LoginInput, now: Date): Promise<LoginResult> {
  const { db, rateLimits, forgetKey } = services;
  const email = normalizeEmail(input.email);
  const attempt = await countAttempt(rateLimits, passwordLimitKeys, passwordAccountKey(email), input.client.rateLimitSubject, now);
  if (attempt.refused) return attempt.refused;

  const user = email ? await findUserForLogin(db, email) : undefined;
  // An unknown address still costs one scrypt, so the answer takes as long as for a wrong password.
  const matches = await verifyPassword(input.password, user?.password_hash ?? decoyHash());
  if (!user || !matches) {
    await recordAudit(
      db,
      failedActor(user),
      {
        action: "sign-in-failed",
        detail: `failed sign-in: wrong password for email hash ${emailFingerprint(forgetKey, email)} from ${input.client.address}`,
      },
      now,
    );
    return { ok: false, reason: "invalid" };
  }
  await attempt.forgive();
  // A hash made at an older, lower cost is made again at today's while the password is at hand.
  if (needsRehash(user.password_hash)) await upgradePasswordHash(db, user.id, user.password_hash, await hashPassword(input.password));

  await abandonSignIn(db, input.previousPending);
  const pending = await startSignIn(db, user.id, now);
  return { ok: true, pending, secondStep: user.totp_secret === null ? "enrol" : "code" };
}

export type CurrentPasswordResult<T> = { ok: true; value: T } | { ok: false; reason: "invalid" | "busy" } | RateLimited;

/**
 * The Account page's "current password", checked as a sign-in's password is:
 * in a turn of the password checks, and counted on the sign-in's own limits at
 * the same account before it is checked, so a session guessing it gets no
 * more tries than the sign-in page gives, and a right one forgives its
 * address's failures there. When it is right, `then` (which hashes the new
 * password) runs in the same turn.
 */
export async function checkCurrentPassword<T>(
  services: Pick<AdminServices, "db" | "rateLimits">,
  input: { user: { id: number; email: string }; password: string; client: ClientAddress },
  then: () => Promise<T>,
  now = new Date(),
): Promise<CurrentPasswordResult<T>> {
  const { db, rateLimits } = services;
  const { user, client } = input;
  const result = await inHashingTurn(async (): Promise<CurrentPasswordResult<T>> => {
    const attempt = await countAttempt(rateLimits, passwordLimitKeys, passwordAccountKey(user.email), client.rateLimitSubject, now);
    if (attempt.refused) return attempt.refused;
    const stored = await db.selectFrom("admin_users").select("password_hash").where("id", "=", user.id).executeTakeFirst();
    if (!stored || !(await verifyPassword(input.password, stored.password_hash))) {
      await recordAudit(
        db,
        { userId: user.id, name: user.email },
        { action: "password-check-failed", detail: `wrong current password on the Account page from ${client.address}` },
        now,
      );
      return { ok: false, reason: "invalid" };
    }
    await attempt.forgive();
    return { ok: true, value: await then() };
  });
  return result === "busy" ? { ok: false, reason: "busy" } : result;
}

/** What the second step knows of the browser besides its waiting sign-in. */
export interface SecondStepInput {
  pending: string;
  /** The code typed, or a passkey's answer (JSON) from the browser. */
  code: string;
  client: ClientAddress;
  userAgent: string | null;
  /** The session cookie the browser had, ended at sign-in: a session id planted before it is worth nothing after. */
  previousSession: string;
}

export type SecondStepResult =
  { ok: true; session: string; recoveryCodes?: string[] } | { ok: false; reason: "start-again" | "invalid" } | CodesLocked | RateLimited;

/** The user's codes are locked (code-lock.ts): none is checked until then. */
type CodesLocked = { ok: false; reason: "locked"; retryAfterMinutes: number };

export function codesLockedMessage(minutes: number): string {
  return `Too many wrong codes were given for this account, so no code is taken for the next ${minutesText(minutes)}. Its user and the admins have been told by email. A passkey still signs in.`;
}

type SecondStepServices = Pick<AdminServices, "db" | "rateLimits" | "settings" | "totpKey">;

/** The second step of a sign-in: a code from the user's app, or one of their recovery codes. */
export async function attemptSecondFactor(
  services: SecondStepServices,
  input: SecondStepInput,
  now = new Date(),
): Promise<SecondStepResult> {
  const { db, totpKey } = services;
  const pending = await findSignIn(db, input.pending, now);
  if (!pending?.enrolled) return { ok: false, reason: "start-again" };
  return checkSecondFactor(services, pending, input, now, async (code) => {
    if (/^\d{6}$/.test(code)) return (await acceptTotp(db, totpKey, pending.userId, code, now)) ? "with the authenticator app" : null;
    if (!looksLikeRecoveryCode(code) || !(await useRecoveryCode(db, pending.userId, code, now))) return null;
    return `with a recovery code (${await recoveryCodesLeft(db, pending.userId)} left)`;
  });
}

/**
 * The second step with one of the user's passkeys (passkeys.ts): counted on
 * the codes' limits and the sign-in's wrong tries like a code, but not on the
 * run of wrong codes, nor held back by its lock: a passkey cannot be guessed,
 * so it is how its user signs in while someone with their password keeps
 * their codes locked.
 */
export async function attemptPasskey(
  services: SecondStepServices,
  rp: RelyingParty,
  input: SecondStepInput,
  now = new Date(),
): Promise<SecondStepResult> {
  const { db } = services;
  const pending = await findSignIn(db, input.pending, now);
  if (!pending?.enrolled) return { ok: false, reason: "start-again" };
  let why = "";
  return checkSecondFactor(
    services,
    pending,
    input,
    now,
    async (response) => {
      const checked = await checkPasskey(db, rp, pending, response, now);
      if (checked.ok) return `with a passkey (${checked.name})`;
      why = checked.why;
      return null;
    },
    { passkey: () => why },
  );
}

/** The secret a user without an authenticator app is offered, the same until the sign-in ends. */
export async function enrolmentOffer(services: Pick<AdminServices, "db" | "totpKey">, pending: PendingSignIn) {
  let sealed = pending.totpCandidate;
  if (!sealed) {
    sealed = sealSecret(services.totpKey, newTotpSecret());
    await offerEnrolment(services.db, pending.id, sealed);
  }
  return enrolment(sealed, services.totpKey, pending.email);
}

/** The second step for a user without an app: a code from the app they just set up confirms it. Answers their new recovery codes. */
export async function confirmEnrolment(services: SecondStepServices, input: SecondStepInput, now = new Date()): Promise<SecondStepResult> {
  const pending = await findSignIn(services.db, input.pending, now);
  const candidate = pending?.totpCandidate;
  if (!pending || pending.enrolled || !candidate) return { ok: false, reason: "start-again" };
  const { db, totpKey } = services;
  let recoveryCodes: string[] = [];
  const result = await checkSecondFactor(services, pending, input, now, async (code) => {
    const step = totpStep(candidate, totpKey, code, now);
    if (step === null) return null;
    // Only while the user still has no app: two confirmations at once set up one.
    const set = await db
      .updateTable("admin_users")
      .set({ totp_secret: candidate, totp_last_step: step })
      .where("id", "=", pending.userId)
      .where("totp_secret", "is", null)
      .executeTakeFirst();
    if (Number(set.numUpdatedRows) !== 1) return null;
    recoveryCodes = await replaceRecoveryCodes(db, pending.userId);
    await recordAudit(
      db,
      { userId: pending.userId, name: pending.email },
      { action: "second-factor", detail: "set up an authenticator app" },
      now,
    );
    return "with the authenticator app just set up";
  });
  return result.ok ? { ...result, recoveryCodes } : result;
}

const minutesOf = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

/**
 * Counts the attempt on the codes' limits and, for a code, on the account's
 * run of wrong codes (code-lock.ts), then checks it with `accept` (which
 * answers how the user signed in, or null), and on success starts the
 * session. A wrong code that ends the run locks the user's codes. `passkey`
 * says the attempt is a passkey's, and why it failed.
 */
async function checkSecondFactor(
  services: Pick<AdminServices, "db" | "rateLimits" | "settings">,
  pending: PendingSignIn,
  input: SecondStepInput,
  now: Date,
  accept: (code: string) => Promise<string | null>,
  { passkey }: { passkey?: () => string } = {},
): Promise<SecondStepResult> {
  const { db, rateLimits, settings } = services;
  const attempt = await countAttempt(rateLimits, codeLimitKeys, `user ${pending.userId}`, input.client.rateLimitSubject, now);
  if (attempt.refused) return attempt.refused;
  const run = passkey ? null : await countCodeCheck(db, pending.userId, now);
  if (run && !run.ok) return { ok: false, reason: "locked", retryAfterMinutes: minutesOf(run.retryAfterMs) };
  const user = { userId: pending.userId, name: pending.email };
  const how = await accept(input.code.trim());
  if (!how) {
    const failures = await failSignIn(db, pending.id);
    const wrong = passkey ? `a passkey not accepted (${passkey()})` : "wrong code";
    await recordAudit(db, user, { action: "sign-in-failed", detail: `failed sign-in: ${wrong} from ${input.client.address}` }, now);
    if (run?.last) {
      const lockedFor = await lockCodes(
        db,
        { ...user, email: pending.email, address: input.client.address },
        run.lockState,
        settings.SITE_URL,
        now,
      );
      return { ok: false, reason: "locked", retryAfterMinutes: minutesOf(lockedFor) };
    }
    if (failures >= MAX_CODE_TRIES) {
      await endSignIn(db, pending.id);
      return { ok: false, reason: "start-again" };
    }
    return { ok: false, reason: "invalid" };
  }
  await attempt.forgive();
  await codeWasRight(db, pending.userId);
  await endSignIn(db, pending.id);
  await destroySession(db, input.previousSession);
  await sweepSessions(db, settings.ADMIN_SESSION_IDLE_MINUTES, now);
  await sweepChallenges(db, now);
  const session = await createSession(db, pending.userId, { clientAddress: input.client.address, userAgent: input.userAgent }, now);
  await db.updateTable("admin_users").set({ last_login_at: now }).where("id", "=", pending.userId).execute();
  await recordAudit(db, user, { action: "sign-in", detail: `signed in ${how} from ${input.client.address}` }, now);
  return { ok: true, session };
}
