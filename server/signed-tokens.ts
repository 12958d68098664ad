import { createHmac, timingSafeEqual } from "node:crypto";

/** An HMAC over purpose, id and expiry: checking needs no database; one spelling, so a link cannot be varied into a "new" one. */
type TokenCheck = { ok: true; id: number; expiresAt: Date } | { ok: false; reason: "invalid" | "expired" };

function signature(secret: string | Buffer, purpose: string, id: number, expiresAtSeconds: number): string {
  return createHmac("sha256", secret).update(`${purpose}:${id}:${expiresAtSeconds}`).digest("base64url");
}

export const canonicalNumber = (digits: number) => `(0|[1-9]\\d{0,${digits - 1}})`;

const EXPIRING_TOKEN = new RegExp(`^${canonicalNumber(15)}\\.${canonicalNumber(12)}\\.([\\w-]{43})$`);

export function signExpiringToken(secret: string | Buffer, purpose: string, id: number, expiresAt: Date): string {
  const seconds = Math.ceil(expiresAt.getTime() / 1000);
  return `${id}.${seconds}.${signature(secret, purpose, id, seconds)}`;
}

export function verifyExpiringToken(secret: string | Buffer, purpose: string, token: string, now: Date): TokenCheck {
  const match = EXPIRING_TOKEN.exec(token);
  if (!match) return { ok: false, reason: "invalid" };
  const id = Number(match[1]);
  const seconds = Number(match[2]);
  const expected = Buffer.from(signature(secret, purpose, id, seconds));
  if (!timingSafeEqual(expected, Buffer.from(match[3]!))) return { ok: false, reason: "invalid" };
  const expiresAt = new Date(seconds * 1000);
  if (now.getTime() >= expiresAt.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, id, expiresAt };
}
