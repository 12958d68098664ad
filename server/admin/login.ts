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

// Two steps: the password, then a second factor (docs/decisions/0030, 0045).

/** One answer to a wrong email or password, so neither tells which accounts exist. */
export const LOGIN_FAILED = "Invalid email or password";
export const CODE_FAILED = "That code is not right. Try the current code, or a recovery code.";
export const MAX_CODE_TRIES = 5;

/**
 * Counted before the check so parallel guesses cannot slip past; a success takes back its address's failures.
 * Past `account`, each address has a few tries, so a stranger guessing from anywhere cannot lock its user out.
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
  { ok: true; pending: string; secondStep: "code" | "enrol" } | { ok: false; reason: "invalid" | "busy" } | RateLimited;

/** So the limiter's table holds no email address, and an unknown address is limited like a known one. */
const passwordAccountKey = (email: string) => createHash("sha256").update(email).digest("hex").slice(0, 32);

type Services = Pick<AdminServices, "db" | "rateLimits" | "settings" | "forgetKey">;
type LoginInput = { email: string; password: string; client: ClientAddress; previousPending: string };

export async function attemptLogin(services: Services, input: LoginInput, now = new Date()): Promise<LoginResult> {
  const result = await inHashingTurn(() => checkPassword(services, input, now));
  return result === "busy" ? { ok: false, reason: "busy" } : result;
}

async function countAttempt(rateLimits: RateLimits, keys: LimitKeys, accountKey: string, subject: string, now: Date) {
  const pairKey = `${accountKey} ${subject}`;
  const pair = await rateLimits.hit(keys.pair, pairKey, loginLimits.pair, now);
  const address = await rateLimits.hit(keys.address, subject, loginLimits.address, now);
  const account = await rateLimits.hit(keys.account, accountKey, loginLimits.account, now);
  const blocked = [pair, address, ...(pair.count > triesOnceAccountLimited ? [account] : [])].filter((hit) => !hit.allowed);
  const forgive = async () => {
    const forgiven = await rateLimits.clear(keys.pair, pairKey);
    await rateLimits.refund(keys.address, subject, forgiven);
    await rateLimits.refund(keys.account, accountKey, forgiven);
  };
  if (!blocked.length) return { refused: null, forgive };
  const wait = Math.max(...blocked.map((hit) => hit.retryAfterMs));
  const refused: RateLimited = { ok: false, reason: "rate-limit", retryAfterMinutes: Math.max(1, Math.ceil(wait / 60_000)) };
  return { refused, forgive };
}

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
  if (needsRehash(user.password_hash)) await upgradePasswordHash(db, user.id, user.password_hash, await hashPassword(input.password));

  await abandonSignIn(db, input.previousPending);
  const pending = await startSignIn(db, user.id, now);
  return { ok: true, pending, secondStep: user.totp_secret === null ? "enrol" : "code" };
}

export type CurrentPasswordResult<T> = { ok: true; value: T } | { ok: false; reason: "invalid" | "busy" } | RateLimited;

/** Counted on the sign-in's own limits, so a session guessing it gets no more tries than the sign-in page gives. */
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

export interface SecondStepInput {
  pending: string;
  code: string;
  client: ClientAddress;
  userAgent: string | null;
  /** Ended at sign-in: a session id planted before it is worth nothing after. */
  previousSession: string;
}

export type SecondStepResult =
  { ok: true; session: string; recoveryCodes?: string[] } | { ok: false; reason: "start-again" | "invalid" } | CodesLocked | RateLimited;

type CodesLocked = { ok: false; reason: "locked"; retryAfterMinutes: number };

export function codesLockedMessage(minutes: number): string {
  return `Too many wrong codes were given for this account, so no code is taken for the next ${minutesText(minutes)}. Its user and the admins have been told by email. A passkey still signs in.`;
}

type SecondStepServices = Pick<AdminServices, "db" | "rateLimits" | "settings" | "totpKey">;

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

/** Not on the run of wrong codes nor held by its lock: a passkey cannot be guessed, so its user signs in through a lock. */
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

export async function enrolmentOffer(services: Pick<AdminServices, "db" | "totpKey">, pending: PendingSignIn) {
  let sealed = pending.totpCandidate;
  if (!sealed) {
    sealed = sealSecret(services.totpKey, newTotpSecret());
    await offerEnrolment(services.db, pending.id, sealed);
  }
  return enrolment(sealed, services.totpKey, pending.email);
}

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
