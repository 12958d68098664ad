import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import type { AdminDatabase } from "./schema.ts";
import type { AdminUser } from "./users.ts";

/**
 * Agency sessions, kept in the database. The browser holds a random id in an
 * HttpOnly cookie; the table keeps only its SHA-256, so a copy of the database
 * signs nobody in. A session ends after ADMIN_SESSION_IDLE_MINUTES without a
 * request, after SESSION_MAX_HOURS in any case, and at sign-out.
 */
const SESSION_MAX_HOURS = 12;
/** last_seen_at is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60_000;
const TOKEN_BYTES = 32;

export interface AdminSession {
  /** The stored (hashed) id. */
  id: string;
  user: AdminUser;
  csrfToken: string;
}

type SessionLookup = { state: "valid"; session: AdminSession } | { state: "expired" } | { state: "none" };

export function randomToken(): string {
  return randomBytes(TOKEN_BYTES).toString("base64url");
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Equal strings, compared in constant time. */
export function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** Starts a session: returns the token for the cookie. */
export async function createSession(db: Kysely<AdminDatabase>, userId: number, now = new Date()): Promise<string> {
  const token = randomToken();
  await db
    .insertInto("admin_sessions")
    .values({ id: hashToken(token), user_id: userId, csrf_token: randomToken(), created_at: now, last_seen_at: now })
    .execute();
  return token;
}

/** Finds the cookie's session; an idle or too old one is deleted and reported expired. */
export async function findSession(db: Kysely<AdminDatabase>, token: string, idleMinutes: number, now = new Date()): Promise<SessionLookup> {
  if (!token) return { state: "none" };
  const id = hashToken(token);
  const row = await db
    .selectFrom("admin_sessions")
    .innerJoin("admin_users", "admin_users.id", "admin_sessions.user_id")
    .select([
      "admin_sessions.csrf_token",
      "admin_sessions.created_at",
      "admin_sessions.last_seen_at",
      "admin_users.id as user_id",
      "admin_users.email",
    ])
    .where("admin_sessions.id", "=", id)
    .executeTakeFirst();
  if (!row) return { state: "none" };
  const idleSince = now.getTime() - new Date(row.last_seen_at).getTime();
  const age = now.getTime() - new Date(row.created_at).getTime();
  if (idleSince > idleMinutes * 60_000 || age > SESSION_MAX_HOURS * 3_600_000) {
    await db.deleteFrom("admin_sessions").where("id", "=", id).execute();
    return { state: "expired" };
  }
  if (idleSince > TOUCH_EVERY_MS) {
    await db.updateTable("admin_sessions").set({ last_seen_at: now }).where("id", "=", id).execute();
  }
  return { state: "valid", session: { id, user: { id: row.user_id, email: row.email }, csrfToken: row.csrf_token } };
}

export async function destroySession(db: Kysely<AdminDatabase>, token: string): Promise<void> {
  if (token) await db.deleteFrom("admin_sessions").where("id", "=", hashToken(token)).execute();
}

/** Removes sessions idle for longer than the setting (called at sign-in, so the table stays small). */
export async function sweepSessions(db: Kysely<AdminDatabase>, idleMinutes: number, now = new Date()): Promise<void> {
  await db
    .deleteFrom("admin_sessions")
    .where("last_seen_at", "<", new Date(now.getTime() - idleMinutes * 60_000))
    .execute();
}

/* Cookies. The session cookie is a browser-session cookie (no Max-Age): the server decides when it ends. */

export interface CookieNames {
  session: string;
  /** The sign-in form's double-submit token, before there is a session. */
  login: string;
}

/** `__Host-` names when the site is on https: the browser then insists on Secure, Path=/ and no Domain. */
export function cookieNames(secure: boolean): CookieNames {
  return secure ? { session: "__Host-roi_admin", login: "__Host-roi_admin_login" } : { session: "roi_admin", login: "roi_admin_login" };
}

export function serializeCookie(name: string, value: string, options: { secure: boolean; maxAgeSeconds?: number }): string {
  return [
    `${name}=${value}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    ...(options.secure ? ["Secure"] : []),
    ...(options.maxAgeSeconds !== undefined ? [`Max-Age=${options.maxAgeSeconds}`] : []),
  ].join("; ");
}

export function clearCookie(name: string, secure: boolean): string {
  return serializeCookie(name, "", { secure, maxAgeSeconds: 0 });
}

export function readCookie(header: string | null, name: string): string {
  for (const part of (header ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return "";
}
