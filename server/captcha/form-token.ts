import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** A person needs at least this long to fill in a form; a script posting at once is a bot. */
const FORM_TOKEN_MIN_AGE_MS = 3000;
const FORM_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export type FormTokenCheck = { ok: true; id: string; expiresAt: Date } | { ok: false; reason: "invalid" | "too-fresh" | "expired" };

function sign(secret: Buffer, body: string): string {
  return createHmac("sha256", secret).update(body).digest("base64url");
}

export function issueFormToken(secret: Buffer, now = Date.now()): string {
  const body = `${now.toString(36)}.${randomBytes(12).toString("base64url")}`;
  return `${body}.${sign(secret, body)}`;
}

export function checkFormToken(secret: Buffer, token: string, now = Date.now()): FormTokenCheck {
  const parts = token.split(".");
  if (parts.length !== 3) return { ok: false, reason: "invalid" };
  const [issued, nonce, signature] = parts as [string, string, string];
  const expected = Buffer.from(sign(secret, `${issued}.${nonce}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "invalid" };
  const issuedAt = parseInt(issued, 36);
  const age = now - issuedAt;
  if (!Number.isFinite(age) || age < FORM_TOKEN_MIN_AGE_MS) return { ok: false, reason: "too-fresh" };
  if (age > FORM_TOKEN_MAX_AGE_MS) return { ok: false, reason: "expired" };
  return { ok: true, id: `form:${nonce}`, expiresAt: new Date(issuedAt + FORM_TOKEN_MAX_AGE_MS) };
}
