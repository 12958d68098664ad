import { createHash } from "node:crypto";
import type { RateLimitRule } from "../db/store.ts";
import { recordAudit } from "./audit.ts";
import { decoyHash, verifyPassword } from "./password.ts";
import type { AdminServices } from "./services.ts";
import { createSession, destroySession, sweepSessions } from "./sessions.ts";
import { findUserForLogin, normalizeEmail } from "./users.ts";

/** The one answer to a wrong email or a wrong password, so neither tells which accounts exist. */
export const LOGIN_FAILED = "Invalid email or password";

/**
 * Sign-in attempts, counted by the forms' limiter (Store.hitRateLimit) before
 * the password is checked, so parallel guesses cannot slip past the count.
 * Every attempt counts, a successful one too: a person signs in a few times a
 * day. Per account the key is a hash of the typed address, so the limiter's
 * table holds no address, and an unknown address is limited like a known one.
 */
export const loginLimits = {
  address: { max: 20, windowMinutes: 15 },
  account: { max: 10, windowMinutes: 15 },
} as const satisfies Record<string, RateLimitRule>;

export function loginRateLimitMessage(minutes: number): string {
  return `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

export type LoginResult =
  | { ok: true; token: string }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "rate-limit"; retryAfterMinutes: number };

export async function attemptLogin(
  services: Pick<AdminServices, "db" | "store" | "settings">,
  input: { email: string; password: string; clientAddress: string; previousToken: string },
  now = new Date(),
): Promise<LoginResult> {
  const { db, store, settings } = services;
  const email = normalizeEmail(input.email);
  const accountKey = createHash("sha256").update(email).digest("hex").slice(0, 32);
  const hits = [
    await store.hitRateLimit("admin-login", input.clientAddress, loginLimits.address, now),
    await store.hitRateLimit("admin-login-account", accountKey, loginLimits.account, now),
  ];
  const blocked = hits.filter((hit) => !hit.allowed);
  if (blocked.length) {
    const wait = Math.max(...blocked.map((hit) => hit.retryAfterMs));
    return { ok: false, reason: "rate-limit", retryAfterMinutes: Math.max(1, Math.ceil(wait / 60_000)) };
  }

  const user = email ? await findUserForLogin(db, email) : undefined;
  // An unknown address still costs one scrypt, so the answer takes as long as for a wrong password.
  const matches = await verifyPassword(input.password, user?.password_hash ?? (await decoyHash()));
  if (!user || !matches) return { ok: false, reason: "invalid" };

  // A fresh id at every sign-in: a session id planted before it is worth nothing after.
  await destroySession(db, input.previousToken);
  await sweepSessions(db, settings.ADMIN_SESSION_IDLE_MINUTES, now);
  const token = await createSession(db, user.id, now);
  await db.updateTable("admin_users").set({ last_login_at: now }).where("id", "=", user.id).execute();
  await recordAudit(db, { userId: user.id, name: user.email }, { action: "sign-in", detail: "signed in" }, now);
  return { ok: true, token };
}
