import { createHash } from "node:crypto";
import { minutesText } from "../../app/forms/messages.ts";
import type { ClientAddress } from "../client-address.ts";
import type { RateLimitRule } from "../db/store.ts";
import { recordAudit } from "./audit.ts";
import { decoyHash, verifyPassword } from "./password.ts";
import type { AdminServices } from "./services.ts";
import { createSession, destroySession, sweepSessions } from "./sessions.ts";
import { findUserForLogin, normalizeEmail } from "./users.ts";

/** The one answer to a wrong email or a wrong password, so neither tells which accounts exist. */
export const LOGIN_FAILED = "Invalid email or password";

/**
 * Sign-in limits, in the forms' limiter (Store.hitRateLimit). Every attempt is
 * counted before the password is checked, so parallel guesses cannot slip past
 * the count; a sign-in that succeeds takes back its own attempt and the earlier
 * failures of its address at its account, so only guesses stay counted.
 * - pair: one address at one account. An address is what every limit counts
 *   (ClientAddress.rateLimitSubject): an IPv6 visitor's whole network.
 * - address: one address at any accounts (trying many).
 * - account: all addresses at one account. Past it, each address has only
 *   `triesOnceAccountLimited` attempts at the account, so a stranger guessing
 *   from anywhere cannot lock its user out: the right password from an address
 *   that has not failed there (or failed once) still signs in.
 * The account's key is a hash of the typed address, so the limiter's table
 * holds no email address, and an unknown address is limited like a known one.
 */
export const loginLimits = {
  pair: { max: 5, windowMinutes: 15 },
  address: { max: 20, windowMinutes: 15 },
  account: { max: 10, windowMinutes: 15 },
} as const satisfies Record<string, RateLimitRule>;
export const triesOnceAccountLimited = 2;

const limitKeys = { pair: "admin-login-pair", address: "admin-login", account: "admin-login-account" } as const;

export function loginRateLimitMessage(minutes: number): string {
  return `Too many sign-in attempts. Try again in ${minutesText(minutes)}.`;
}

/**
 * Sign-ins checked at once, at most. Each costs one scrypt on the hashing
 * thread (scrypt-thread.ts), one after another; past this many a sign-in is
 * refused at once, before anything is counted or written, so a crowd of
 * strangers costs the site next to nothing and a person waits for at most
 * this many hashes (0.2-0.3 s each on a loaded two-core machine).
 * Eight lets the limits' parallel guesses (pair limit + 3) all be counted.
 */
export const SIGN_INS_CHECKED_AT_ONCE = 8;
export const SIGN_IN_BUSY = "Many sign-ins are being checked right now. Try again in a moment.";
export const SIGN_IN_BUSY_RETRY_SECONDS = 5;

let signInsBeingChecked = 0;

export type LoginResult =
  { ok: true; token: string } | { ok: false; reason: "invalid" | "busy" } | { ok: false; reason: "rate-limit"; retryAfterMinutes: number };

type LoginInput = { email: string; password: string; client: ClientAddress; previousToken: string };

export async function attemptLogin(
  services: Pick<AdminServices, "db" | "store" | "settings">,
  input: LoginInput,
  now = new Date(),
): Promise<LoginResult> {
  // Checked and taken before the first await, so parallel sign-ins cannot all pass it.
  if (signInsBeingChecked >= SIGN_INS_CHECKED_AT_ONCE) return { ok: false, reason: "busy" };
  signInsBeingChecked++;
  try {
    return await checkSignIn(services, input, now);
  } finally {
    signInsBeingChecked--;
  }
}

async function checkSignIn(services: Pick<AdminServices, "db" | "store" | "settings">, input: LoginInput, now: Date): Promise<LoginResult> {
  const { db, store, settings } = services;
  const email = normalizeEmail(input.email);
  const accountKey = createHash("sha256").update(email).digest("hex").slice(0, 32);
  const subject = input.client.rateLimitSubject;
  const pairKey = `${accountKey} ${subject}`;
  const pair = await store.hitRateLimit(limitKeys.pair, pairKey, loginLimits.pair, now);
  const address = await store.hitRateLimit(limitKeys.address, subject, loginLimits.address, now);
  const account = await store.hitRateLimit(limitKeys.account, accountKey, loginLimits.account, now);
  const blocked = [pair, address, ...(pair.count > triesOnceAccountLimited ? [account] : [])].filter((hit) => !hit.allowed);
  if (blocked.length) {
    const wait = Math.max(...blocked.map((hit) => hit.retryAfterMs));
    return { ok: false, reason: "rate-limit", retryAfterMinutes: Math.max(1, Math.ceil(wait / 60_000)) };
  }

  const user = email ? await findUserForLogin(db, email) : undefined;
  // An unknown address still costs one scrypt, so the answer takes as long as for a wrong password.
  const matches = await verifyPassword(input.password, user?.password_hash ?? decoyHash);
  if (!user || !matches) return { ok: false, reason: "invalid" };

  // Whoever knows the password made this address's failures at this account: typos, not guesses.
  const forgiven = await store.clearRateLimit(limitKeys.pair, pairKey);
  await store.refundRateLimit(limitKeys.address, subject, forgiven);
  await store.refundRateLimit(limitKeys.account, accountKey, forgiven);

  // A fresh id at every sign-in: a session id planted before it is worth nothing after.
  await destroySession(db, input.previousToken);
  await sweepSessions(db, settings.ADMIN_SESSION_IDLE_MINUTES, now);
  const token = await createSession(db, user.id, now);
  await db.updateTable("admin_users").set({ last_login_at: now }).where("id", "=", user.id).execute();
  await recordAudit(db, { userId: user.id, name: user.email }, { action: "sign-in", detail: "signed in" }, now);
  return { ok: true, token };
}
