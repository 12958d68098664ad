import { randomInt } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { AdminRole } from "#app/lib/inbox.ts";
import type { Dialect } from "#server/db/dialect.ts";
import { typedEmail } from "#server/mail/address.ts";
import { hashPassword } from "#server/admin/password.ts";
import type { Database } from "#server/db/schema.ts";

export interface AdminUser {
  id: number;
  email: string;
}

/** One spelling per address: trimmed, lower case, an internationalised domain in Unicode. */
export function normalizeEmail(email: string): string {
  return typedEmail(email.trim()).toLowerCase();
}

/** A plausible address: something@something.something, no spaces. */
export function looksLikeEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && email.length <= 254;
}

export class UserExistsError extends Error {
  override name = "UserExistsError";
}

export interface NewUser {
  role: AdminRole;
  /** The password was given by someone else (an admin): the user chooses their own at first sign-in. */
  mustChangePassword?: boolean;
}

export async function createUser(
  db: Kysely<Database>,
  email: string,
  password: string,
  { role, mustChangePassword = false }: NewUser,
  now = new Date(),
): Promise<AdminUser> {
  const address = normalizeEmail(email);
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("admin_users").select("id").where("email", "=", address).executeTakeFirst();
    if (existing) throw new UserExistsError(`${address} already has an account`);
    return trx
      .insertInto("admin_users")
      .values({
        email: address,
        password_hash: passwordHash,
        created_at: now,
        last_login_at: null,
        role,
        totp_secret: null,
        totp_last_step: null,
        must_change_password: mustChangePassword,
      })
      .returning(["id", "email"])
      .executeTakeFirstOrThrow();
  });
}

/** Whether the inbox has no user yet: the command line's first one is an admin. */
export async function noUsersYet(db: Kysely<Database>): Promise<boolean> {
  return !(await db.selectFrom("admin_users").select("id").limit(1).executeTakeFirst());
}

/** Sets a new password and ends every session of the user; false when there is no such user. */
export async function setPassword(db: Kysely<Database>, email: string, password: string): Promise<AdminUser | undefined> {
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .updateTable("admin_users")
      .set({ password_hash: passwordHash, must_change_password: false })
      .where("email", "=", normalizeEmail(email))
      .returning(["id", "email"])
      .executeTakeFirst();
    if (user) await trx.deleteFrom("admin_sessions").where("user_id", "=", user.id).execute();
    return user;
  });
}

/** The user's own new password: the session they chose it in stays, every other one ends. */
export async function changeOwnPassword(db: Kysely<Database>, userId: number, password: string, keepSession: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("admin_users")
      .set({ password_hash: passwordHash, must_change_password: false })
      .where("id", "=", userId)
      .execute();
    await trx.deleteFrom("admin_sessions").where("user_id", "=", userId).where("id", "<>", keepSession).execute();
  });
}

/** Stores a hash made again at today's cost (password.ts needsRehash), unless the password changed meanwhile. */
export async function upgradePasswordHash(db: Kysely<Database>, userId: number, previous: string, upgraded: string): Promise<void> {
  await db
    .updateTable("admin_users")
    .set({ password_hash: upgraded })
    .where("id", "=", userId)
    .where("password_hash", "=", previous)
    .execute();
}

export async function findUserForLogin(db: Kysely<Database>, email: string) {
  return db
    .selectFrom("admin_users")
    .select(["id", "email", "password_hash", "totp_secret"])
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst();
}

export async function listUsers(db: Kysely<Database>) {
  const rows = await db
    .selectFrom("admin_users")
    .select(["id", "email", "role", "totp_secret", "created_at", "last_login_at"])
    .orderBy("email")
    .execute();
  return rows.map(({ totp_secret, ...row }) => ({
    ...row,
    secondFactor: totp_secret !== null,
    created_at: new Date(row.created_at),
    last_login_at: row.last_login_at ? new Date(row.last_login_at) : null,
  }));
}

/** A password for a new user to sign in with once: 16 letters and digits, about 80 bits. */
export function initialPassword(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  return Array.from({ length: 16 }, () => alphabet[randomInt(alphabet.length)]).join("");
}

export type UserChange = { ok: true; email: string } | { ok: false; problem: "no-user" | "yourself" | "last-admin" };

/**
 * Runs `change` with the admins' rows locked on PostgreSQL (SQLite runs one
 * writer at a time), so two admins demoting each other at once cannot leave
 * the inbox without one.
 */
async function withAdminsCounted<T>(
  db: Kysely<Database>,
  dialect: Dialect,
  change: (trx: Transaction<Database>, admins: number[]) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const admins = await trx
      .selectFrom("admin_users")
      .select("id")
      .where("role", "=", "admin")
      .$if(dialect === "postgres", (qb) => qb.forUpdate())
      .execute();
    return change(
      trx,
      admins.map((row) => row.id),
    );
  });
}

/** Gives a user another role; never takes the last admin's. */
export async function changeRole(db: Kysely<Database>, dialect: Dialect, userId: number, role: AdminRole): Promise<UserChange> {
  return withAdminsCounted(db, dialect, async (trx, admins) => {
    if (role !== "admin" && admins.length === 1 && admins[0] === userId) return { ok: false, problem: "last-admin" };
    const user = await trx.updateTable("admin_users").set({ role }).where("id", "=", userId).returning("email").executeTakeFirst();
    return user ? { ok: true, email: user.email } : { ok: false, problem: "no-user" };
  });
}

/** Removes a user, their sessions and codes; never yourself, never the last admin. Their audit entries and notes keep their name. */
export async function removeUser(db: Kysely<Database>, dialect: Dialect, userId: number, by: number): Promise<UserChange> {
  if (userId === by) return { ok: false, problem: "yourself" };
  return withAdminsCounted(db, dialect, async (trx, admins) => {
    if (admins.length === 1 && admins[0] === userId) return { ok: false, problem: "last-admin" };
    const user = await trx.deleteFrom("admin_users").where("id", "=", userId).returning("email").executeTakeFirst();
    return user ? { ok: true, email: user.email } : { ok: false, problem: "no-user" };
  });
}

export async function emailOfUser(db: Kysely<Database>, userId: number): Promise<string | undefined> {
  return (await db.selectFrom("admin_users").select("email").where("id", "=", userId).executeTakeFirst())?.email;
}
