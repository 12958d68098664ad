import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import type { AdminRole } from "#app/lib/inbox.ts";
import type { Database } from "#server/db/schema.ts";

// The table keeps only the cookie id's SHA-256, so a copy of the database signs nobody in.
const SESSION_MAX_HOURS = 12;
/** last_seen_at is written at most this often, not on every request... */
const TOUCH_EVERY_MS = 60_000;
/** ...and at most a tenth of the idle time apart, so a short idle time still counts each request. */
const TOUCH_SHARE_OF_IDLE = 10;
const TOKEN_BYTES = 32;
export const SIGN_IN_PENDING_MINUTES = 10;
/** Enough to tell one's browsers apart. */
const USER_AGENT_MAX_LENGTH = 300;

export interface AdminUser {
  id: number;
  email: string;
}

export interface SignedInUser extends AdminUser {
  role: AdminRole;
  mustChangePassword: boolean;
}

export interface AdminSession {
  id: string;
  user: SignedInUser;
  csrfToken: string;
}

export interface SessionOrigin {
  clientAddress: string;
  userAgent: string | null;
}

type SessionLookup = { state: "valid"; session: AdminSession } | { state: "expired" } | { state: "none" };

export function randomToken(): string {
  return randomBytes(TOKEN_BYTES).toString("base64url");
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

export async function createSession(db: Kysely<Database>, userId: number, origin: SessionOrigin, now = new Date()): Promise<string> {
  const token = randomToken();
  await db
    .insertInto("admin_sessions")
    .values({
      id: hashToken(token),
      user_id: userId,
      csrf_token: randomToken(),
      created_at: now,
      last_seen_at: now,
      client_address: origin.clientAddress,
      user_agent: origin.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
    })
    .execute();
  return token;
}

function touchEveryMs(idleMinutes: number): number {
  return Math.min(TOUCH_EVERY_MS, (idleMinutes * 60_000) / TOUCH_SHARE_OF_IDLE);
}

export async function findSession(db: Kysely<Database>, token: string, idleMinutes: number, now = new Date()): Promise<SessionLookup> {
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
      "admin_users.role",
      "admin_users.must_change_password",
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
  if (idleSince >= touchEveryMs(idleMinutes)) {
    await db.updateTable("admin_sessions").set({ last_seen_at: now }).where("id", "=", id).execute();
  }
  const user = { id: row.user_id, email: row.email, role: row.role, mustChangePassword: Boolean(row.must_change_password) };
  return { state: "valid", session: { id, user, csrfToken: row.csrf_token } };
}

export async function destroySession(db: Kysely<Database>, token: string): Promise<void> {
  if (token) await db.deleteFrom("admin_sessions").where("id", "=", hashToken(token)).execute();
}

/** Called at sign-in, so the tables stay small. */
export async function sweepSessions(db: Kysely<Database>, idleMinutes: number, now = new Date()): Promise<void> {
  await db
    .deleteFrom("admin_sessions")
    .where("last_seen_at", "<", new Date(now.getTime() - idleMinutes * 60_000))
    .execute();
  await db
    .deleteFrom("admin_sign_ins")
    .where("created_at", "<", new Date(now.getTime() - SIGN_IN_PENDING_MINUTES * 60_000))
    .execute();
}

export interface SessionRow {
  id: string;
  email: string;
  createdAt: Date;
  lastSeenAt: Date;
  clientAddress: string | null;
  userAgent: string | null;
}

export async function listSessions(db: Kysely<Database>, userId?: number): Promise<SessionRow[]> {
  const rows = await db
    .selectFrom("admin_sessions")
    .innerJoin("admin_users", "admin_users.id", "admin_sessions.user_id")
    .select([
      "admin_sessions.id",
      "admin_users.email",
      "admin_sessions.created_at",
      "admin_sessions.last_seen_at",
      "admin_sessions.client_address",
      "admin_sessions.user_agent",
    ])
    .$if(userId !== undefined, (qb) => qb.where("admin_sessions.user_id", "=", userId!))
    .orderBy("admin_sessions.last_seen_at", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    createdAt: new Date(row.created_at),
    lastSeenAt: new Date(row.last_seen_at),
    clientAddress: row.client_address,
    userAgent: row.user_agent,
  }));
}

export async function revokeSession(db: Kysely<Database>, id: string, userId?: number): Promise<{ email: string } | undefined> {
  // A stored id is a SHA-256 in hex; PostgreSQL cannot compare a NUL.
  if (!/^[0-9a-f]{64}$/.test(id)) return undefined;
  const row = await db
    .selectFrom("admin_sessions")
    .innerJoin("admin_users", "admin_users.id", "admin_sessions.user_id")
    .select(["admin_users.email"])
    .where("admin_sessions.id", "=", id)
    .$if(userId !== undefined, (qb) => qb.where("admin_sessions.user_id", "=", userId!))
    .executeTakeFirst();
  if (row) await db.deleteFrom("admin_sessions").where("id", "=", id).execute();
  return row;
}

/** Ends the user's waiting sign-ins too, which would otherwise finish with a new session. */
export async function signOutEverywhere(db: Kysely<Database>, userId: number, keep?: string): Promise<number> {
  const result = await db
    .deleteFrom("admin_sessions")
    .where("user_id", "=", userId)
    .$if(keep !== undefined, (qb) => qb.where("id", "<>", keep!))
    .executeTakeFirst();
  await db.deleteFrom("admin_sign_ins").where("user_id", "=", userId).execute();
  return Number(result.numDeletedRows);
}

export interface PendingSignIn {
  id: string;
  userId: number;
  email: string;
  enrolled: boolean;
  failures: number;
  totpCandidate: string | null;
}

export async function startSignIn(db: Kysely<Database>, userId: number, now = new Date()): Promise<string> {
  const token = randomToken();
  await db
    .insertInto("admin_sign_ins")
    .values({ id: hashToken(token), user_id: userId, created_at: now, totp_candidate: null })
    .execute();
  return token;
}

export async function findSignIn(db: Kysely<Database>, token: string, now = new Date()): Promise<PendingSignIn | undefined> {
  if (!token) return undefined;
  const row = await db
    .selectFrom("admin_sign_ins")
    .innerJoin("admin_users", "admin_users.id", "admin_sign_ins.user_id")
    .select([
      "admin_sign_ins.id",
      "admin_sign_ins.created_at",
      "admin_sign_ins.failures",
      "admin_sign_ins.totp_candidate",
      "admin_users.id as user_id",
      "admin_users.email",
      "admin_users.totp_secret",
    ])
    .where("admin_sign_ins.id", "=", hashToken(token))
    .executeTakeFirst();
  if (!row || now.getTime() - new Date(row.created_at).getTime() > SIGN_IN_PENDING_MINUTES * 60_000) return undefined;
  return {
    id: row.id,
    userId: row.user_id,
    email: row.email,
    enrolled: row.totp_secret !== null,
    failures: row.failures,
    totpCandidate: row.totp_candidate,
  };
}

export async function endSignIn(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom("admin_sign_ins").where("id", "=", id).execute();
}

export async function abandonSignIn(db: Kysely<Database>, token: string): Promise<void> {
  if (token) await endSignIn(db, hashToken(token));
}

export async function failSignIn(db: Kysely<Database>, id: string): Promise<number> {
  const row = await db
    .updateTable("admin_sign_ins")
    .set((eb) => ({ failures: eb("failures", "+", 1) }))
    .where("id", "=", id)
    .returning("failures")
    .executeTakeFirst();
  return row?.failures ?? Number.MAX_SAFE_INTEGER;
}

/** So a reload shows the same secret. */
export async function offerEnrolment(db: Kysely<Database>, id: string, sealedSecret: string): Promise<void> {
  await db.updateTable("admin_sign_ins").set({ totp_candidate: sealedSecret }).where("id", "=", id).execute();
}

/* The session cookie has no Max-Age: the server decides when it ends. */

export interface CookieNames {
  session: string;
  login: string;
  pending: string;
}

/** The browser then insists on Secure, Path=/ and no Domain. */
export function cookieNames(secure: boolean): CookieNames {
  const prefix = secure ? "__Host-" : "";
  return { session: `${prefix}roi_admin`, login: `${prefix}roi_admin_login`, pending: `${prefix}roi_admin_pending` };
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
