import { randomBytes, type ScryptOptions, timingSafeEqual } from "node:crypto";
// The 10,000 most common passwords of 12 characters or more, lowercased (docs/decisions/0030).
import commonPasswordList from "#server/admin/common-passwords.json" with { type: "json" };
import { scryptOnThread } from "#server/admin/scrypt-thread.ts";
import { env } from "#server/env.ts";

/** The cost is stored with each hash, so raising it leaves older ones readable (decision 0030). */
const cost = () => ({ N: 2 ** env().ADMIN_PASSWORD_COST, r: 8, p: 1 });
const KEY_BYTES = 64;
const SALT_BYTES = 16;

const PASSWORD_MIN_LENGTH = 12;
const PASSWORD_MAX_LENGTH = 256;
const PASSWORD_MIN_DISTINCT = 5;
const EMAIL_NAME_MIN_LENGTH = 4;

const commonPasswords = new Set<string>(commonPasswordList);

/** Past this many a check is refused at once, so a crowd costs the site next to nothing (decision 0045). */
export const PASSWORD_CHECKS_AT_ONCE = 2;
export const PASSWORDS_BUSY = "Many passwords are being checked right now. Try again in a moment.";
export const PASSWORDS_BUSY_RETRY_SECONDS = 5;

let checksUnderWay = 0;

export async function inHashingTurn<T>(work: () => Promise<T>): Promise<T | "busy"> {
  // Checked and taken before the first await, so parallel requests cannot all pass it.
  if (checksUnderWay >= PASSWORD_CHECKS_AT_ONCE) return "busy";
  checksUnderWay++;
  try {
    return await work();
  } finally {
    checksUnderWay--;
  }
}

/** scrypt needs 128 * N * r bytes, above Node's default cap of 32 MiB. */
const MAX_MEMORY = 512 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions, length: number): Promise<Buffer> {
  return scryptOnThread(password.normalize("NFC"), salt, length, { ...options, maxmem: MAX_MEMORY });
}

function storedHash(salt: Buffer, key: Buffer, { N, r, p } = cost()): string {
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

function isRun(text: string): boolean {
  const steps = new Set([...text].slice(1).map((char, i) => char.charCodeAt(0) - text.charCodeAt(i)));
  return steps.size === 1 && [...steps].every((step) => Math.abs(step) === 1);
}

export function passwordProblem(password: string, email: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `The password must have at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `The password must have at most ${PASSWORD_MAX_LENGTH} characters.`;
  const lower = password.toLowerCase();
  if (commonPasswords.has(lower)) return "This password is one of the most common ones, which are guessed first. Choose another.";
  if (new Set(lower).size < PASSWORD_MIN_DISTINCT || isRun(lower)) {
    return "This password repeats a few characters or runs through the keyboard in order. Choose another.";
  }
  const address = email.trim().toLowerCase();
  const name = address.split("@")[0] ?? "";
  if (address && (lower.includes(address) || (name.length >= EMAIL_NAME_MIN_LENGTH && lower.includes(name)))) {
    return "The password may not contain your email address or its name. Choose another.";
  }
  return null;
}

export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split("$");
  const today = cost();
  return scheme !== "scrypt" || Number(n) !== today.N || Number(r) !== today.r || Number(p) !== today.p;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  return storedHash(salt, await derive(password, salt, cost(), KEY_BYTES));
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await derive(password, Buffer.from(salt, "base64"), { N: Number(n), r: Number(r), p: Number(p) }, expected.length);
  return expected.length > 0 && timingSafeEqual(actual, expected);
}

/** Checked when the email is unknown, so both answers cost one scrypt and take as long. */
export function decoyHash(): string {
  decoy ??= storedHash(randomBytes(SALT_BYTES), randomBytes(KEY_BYTES));
  return decoy;
}
let decoy: string | undefined;
