import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The site's expiring links (a booking's manage page, an article's preview)
 * carry `<id>.<expiry>.<signature>`: an HMAC-SHA256, under a secret of their
 * own (server/captcha/keys.ts), over the link's purpose, the id and the expiry
 * in seconds. Nobody can turn a link to another id or purpose or stretch it,
 * and checking one needs no database: a forged or expired link costs a hash.
 */
type TokenCheck = { ok: true; id: number; expiresAt: Date } | { ok: false; reason: "invalid" | "expired" };

function signature(secret: string | Buffer, purpose: string, id: number, expiresAtSeconds: number): string {
  return createHmac("sha256", secret).update(`${purpose}:${id}:${expiresAtSeconds}`).digest("base64url");
}

export function signExpiringToken(secret: string | Buffer, purpose: string, id: number, expiresAt: Date): string {
  const seconds = Math.ceil(expiresAt.getTime() / 1000);
  return `${id}.${seconds}.${signature(secret, purpose, id, seconds)}`;
}

/** Whether `token` is one this secret signed for `purpose`, and still valid at `now`. */
export function verifyExpiringToken(secret: string | Buffer, purpose: string, token: string, now: Date): TokenCheck {
  const match = /^(\d{1,15})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: "invalid" };
  const id = Number(match[1]);
  const seconds = Number(match[2]);
  const expected = Buffer.from(signature(secret, purpose, id, seconds));
  if (!timingSafeEqual(expected, Buffer.from(match[3]!))) return { ok: false, reason: "invalid" };
  const expiresAt = new Date(seconds * 1000);
  if (now.getTime() >= expiresAt.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, id, expiresAt };
}
