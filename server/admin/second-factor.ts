import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from "node:crypto";
import type { Kysely } from "kysely";
import { Secret, TOTP } from "otpauth";
import { encode } from "uqr";
import { site } from "#app/config/site.ts";
import type { Database } from "#server/db/schema.ts";
import { signOutEverywhere } from "#server/admin/sessions.ts";

// TOTP as every authenticator app reads it; the secret sealed under a key no backup holds (docs/decisions/0030, 0046).

const TOTP_SETTINGS = { algorithm: "SHA1", digits: 6, period: 30 } as const;
/** A phone's clock a little off, a code typed as it changed. */
const TOTP_WINDOW = 1;
const SECRET_BYTES = 20;

export const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: read off paper without doubt. */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const RECOVERY_CODE_LENGTH = 16;

type Db = Kysely<Database>;

/* AES-256-GCM: iv.tag.ciphertext in base64url. */

export function sealSecret(key: Buffer, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const sealed = Buffer.concat([cipher.update(base32, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString("base64url")).join(".");
}

export function openSecret(key: Buffer, sealed: string): string | null {
  const [iv, tag, data] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, iv!);
    decipher.setAuthTag(tag!);
    return Buffer.concat([decipher.update(data!), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

function totpOf(base32: string, email = ""): TOTP {
  return new TOTP({ ...TOTP_SETTINGS, issuer: site.name, label: email, secret: Secret.fromBase32(base32) });
}

function stepAt(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_SETTINGS.period);
}

export function totpStep(sealed: string, key: Buffer, code: string, now: Date): number | null {
  const base32 = openSecret(key, sealed);
  if (!base32 || !/^\d{6}$/.test(code)) return null;
  const delta = totpOf(base32).validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW });
  return delta === null ? null : stepAt(now) + delta;
}

export function enrolment(sealed: string, key: Buffer, email: string) {
  const base32 = openSecret(key, sealed)!;
  const uri = totpOf(base32, email).toString();
  return { uri, secret: base32.replace(/(.{4})/g, "$1 ").trim(), qr: qrPath(uri) };
}

function qrPath(text: string): { size: number; path: string } {
  const { data, size } = encode(text, { ecc: "M", border: 2 });
  let path = "";
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return { size, path };
}

/** A code signs in once, even when two sign-ins send it at the same moment. */
export async function acceptTotp(db: Db, key: Buffer, userId: number, code: string, now: Date): Promise<boolean> {
  const user = await db.selectFrom("admin_users").select("totp_secret").where("id", "=", userId).executeTakeFirst();
  const step = user?.totp_secret ? totpStep(user.totp_secret, key, code, now) : null;
  if (step === null) return false;
  const taken = await db
    .updateTable("admin_users")
    .set({ totp_last_step: step })
    .where("id", "=", userId)
    .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

function hashRecoveryCode(code: string): string {
  return createHash("sha256").update(code).digest("hex");
}

function plainRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, "");
}

export function looksLikeRecoveryCode(typed: string): boolean {
  return plainRecoveryCode(typed).length === RECOVERY_CODE_LENGTH;
}

export async function replaceRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: RECOVERY_CODE_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(""),
  );
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("admin_recovery_codes").where("user_id", "=", userId).execute();
    await trx
      .insertInto("admin_recovery_codes")
      .values(codes.map((code) => ({ user_id: userId, code_hash: hashRecoveryCode(code), used_at: null })))
      .execute();
  });
  return codes.map((code) => code.replace(/(.{4})(?=.)/g, "$1-"));
}

export async function useRecoveryCode(db: Db, userId: number, typed: string, now: Date): Promise<boolean> {
  const used = await db
    .updateTable("admin_recovery_codes")
    .set({ used_at: now })
    .where("user_id", "=", userId)
    .where("code_hash", "=", hashRecoveryCode(plainRecoveryCode(typed)))
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom("admin_recovery_codes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function resetSecondFactor(db: Db, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("admin_users").set({ totp_secret: null, totp_last_step: null }).where("id", "=", userId).execute();
    await trx.deleteFrom("admin_recovery_codes").where("user_id", "=", userId).execute();
    await trx.deleteFrom("admin_passkeys").where("user_id", "=", userId).execute();
    await signOutEverywhere(trx, userId);
  });
}
