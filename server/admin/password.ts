import { randomBytes, type ScryptOptions, timingSafeEqual } from "node:crypto";
import { scryptOnThread } from "./scrypt-thread.ts";

/**
 * Agency passwords, hashed with scrypt (node:crypto, no native addon) and a
 * salt of their own, on a thread of their own (scrypt-thread.ts). The cost is
 * stored with each hash, so raising it later leaves older hashes readable.
 */
const COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_BYTES = 64;
const SALT_BYTES = 16;
/** scrypt needs 128 * N * r bytes; Node's default cap (32 MiB) is just below that for N = 2^15. */
const MAX_MEMORY = 64 * 1024 * 1024;

const PASSWORD_MIN_LENGTH = 12;
const PASSWORD_MAX_LENGTH = 256;

function derive(password: string, salt: Buffer, options: ScryptOptions, length: number): Promise<Buffer> {
  return scryptOnThread(password.normalize("NFC"), salt, length, { ...options, maxmem: MAX_MEMORY });
}

/** scrypt$N$r$p$salt$key, as admin_users.password_hash stores it. */
function storedHash(salt: Buffer, key: Buffer): string {
  return ["scrypt", COST.N, COST.r, COST.p, salt.toString("base64"), key.toString("base64")].join("$");
}

/** Why a new password is refused, or null when it will do. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `The password must have at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `The password must have at most ${PASSWORD_MAX_LENGTH} characters.`;
  return null;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  return storedHash(salt, await derive(password, salt, COST, KEY_BYTES));
}

/** Compares in constant time; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await derive(password, Buffer.from(salt, "base64"), { N: Number(n), r: Number(r), p: Number(p) }, expected.length);
  return expected.length > 0 && timingSafeEqual(actual, expected);
}

/**
 * A stored hash no password matches (its key is random), checked when the
 * email is unknown so both answers cost one scrypt and take as long.
 */
export const decoyHash = storedHash(randomBytes(SALT_BYTES), randomBytes(KEY_BYTES));
