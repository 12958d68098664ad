import { randomInt } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { type AdminRole, adminRoles } from "#app/lib/inbox.ts";
import type { Dialect } from "#server/db/dialect.ts";
import { typedEmail } from "#server/mail/address.ts";
import { codesUnlocked } from "#server/admin/code-lock.ts";
import { hashPassword } from "#server/admin/password.ts";
import { type AdminUser, signOutEverywhere } from "#server/admin/sessions.ts";
import type { Database } from "#server/db/schema.ts";

export function normalizeEmail(email: string): string {
  return typedEmail(email.trim()).toLowerCase();
}

export function looksLikeEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && email.length <= 254;
}

export class UserExistsError extends Error {
  override name = "UserExistsError";
}

export interface NewUser {
  role: AdminRole;
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

export async function noUsersYet(db: Kysely<Database>): Promise<boolean> {
  return !(await db.selectFrom("admin_users").select("id").limit(1).executeTakeFirst());
}

/** A new password shuts out whoever guessed with the old one: sessions end and a code lock lifts. */
export async function setPassword(
  db: Kysely<Database>,
  email: string,
  password: string,
  { mustChange = false }: { mustChange?: boolean } = {},
): Promise<AdminUser | undefined> {
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .updateTable("admin_users")
      .set({ password_hash: passwordHash, must_change_password: mustChange, ...codesUnlocked })
      .where("email", "=", normalizeEmail(email))
      .returning(["id", "email"])
      .executeTakeFirst();
    if (user) await signOutEverywhere(trx, user.id);
    return user;
  });
}

export async function changeOwnPassword(db: Kysely<Database>, userId: number, password: string, keepSession: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("admin_users")
      .set({ password_hash: passwordHash, must_change_password: false, ...codesUnlocked })
      .where("id", "=", userId)
      .execute();
    await signOutEverywhere(trx, userId, keepSession);
  });
}

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
    .select((eb) =>
      eb
        .selectFrom("admin_passkeys")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("admin_passkeys.user_id", "=", "admin_users.id")
        .as("passkeys"),
    )
    .orderBy("email")
    .execute();
  return rows.map(({ totp_secret, passkeys, ...row }) => ({
    ...row,
    secondFactor: totp_secret !== null,
    passkeys: Number(passkeys ?? 0),
    created_at: new Date(row.created_at),
    last_login_at: row.last_login_at ? new Date(row.last_login_at) : null,
  }));
}

/** About 80 bits. */
export function initialPassword(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  return Array.from({ length: 16 }, () => alphabet[randomInt(alphabet.length)]).join("");
}

export type UserChange = { ok: true; email: string } | { ok: false; problem: "no-user" | "yourself" | "last-admin" };
export type RoleChange = UserChange & { signedOut?: boolean };

/** Admins' rows locked on PostgreSQL, so two admins demoting each other cannot leave the inbox without one. */
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

const rankOf = (role: AdminRole) => adminRoles.findIndex((r) => r.key === role);

/** A lower role ends their sessions: whatever they did under the higher one stops. */
export async function changeRole(db: Kysely<Database>, dialect: Dialect, userId: number, role: AdminRole): Promise<RoleChange> {
  return withAdminsCounted(db, dialect, async (trx, admins) => {
    if (role !== "admin" && admins.length === 1 && admins[0] === userId) return { ok: false, problem: "last-admin" };
    const before = await trx.selectFrom("admin_users").select("role").where("id", "=", userId).executeTakeFirst();
    const user = await trx.updateTable("admin_users").set({ role }).where("id", "=", userId).returning("email").executeTakeFirst();
    if (!before || !user) return { ok: false, problem: "no-user" };
    const lower = rankOf(role) < rankOf(before.role);
    if (lower) await signOutEverywhere(trx, userId);
    return { ok: true, email: user.email, ...(lower ? { signedOut: true } : {}) };
  });
}

/** Their audit entries and notes keep their name. */
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
