import type { Kysely } from "kysely";
import { typedEmail } from "../mail/address.ts";
import { hashPassword } from "./password.ts";
import type { AdminDatabase } from "./schema.ts";

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

export async function createUser(db: Kysely<AdminDatabase>, email: string, password: string, now = new Date()): Promise<AdminUser> {
  const address = normalizeEmail(email);
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("admin_users").select("id").where("email", "=", address).executeTakeFirst();
    if (existing) throw new UserExistsError(`${address} already has an account`);
    return trx
      .insertInto("admin_users")
      .values({ email: address, password_hash: passwordHash, created_at: now, last_login_at: null })
      .returning(["id", "email"])
      .executeTakeFirstOrThrow();
  });
}

/** Sets a new password and ends every session of the user; false when there is no such user. */
export async function setPassword(db: Kysely<AdminDatabase>, email: string, password: string): Promise<AdminUser | undefined> {
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .updateTable("admin_users")
      .set({ password_hash: passwordHash })
      .where("email", "=", normalizeEmail(email))
      .returning(["id", "email"])
      .executeTakeFirst();
    if (user) await trx.deleteFrom("admin_sessions").where("user_id", "=", user.id).execute();
    return user;
  });
}

export async function findUserForLogin(db: Kysely<AdminDatabase>, email: string) {
  return db
    .selectFrom("admin_users")
    .select(["id", "email", "password_hash"])
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst();
}

export async function listUsers(db: Kysely<AdminDatabase>) {
  const rows = await db.selectFrom("admin_users").select(["id", "email", "created_at", "last_login_at"]).orderBy("id").execute();
  return rows.map((row) => ({
    ...row,
    created_at: new Date(row.created_at),
    last_login_at: row.last_login_at ? new Date(row.last_login_at) : null,
  }));
}
