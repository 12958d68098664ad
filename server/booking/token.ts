import { createHmac, timingSafeEqual } from "node:crypto";
import type { SiteSecrets } from "#server/captcha/keys.ts";

/**
 * Cancel and reschedule links carry `<booking id>.<expiry>.<signature>`: an
 * HMAC-SHA256 over the id and the expiry (the end of the call), so nobody can
 * forge a link to another booking or stretch one past its call.
 */
export type TokenCheck = { ok: true; bookingId: number; expiresAt: Date } | { ok: false; reason: "invalid" | "expired" };

function signature(secret: string, bookingId: number, expiresAtSeconds: number): string {
  return createHmac("sha256", secret).update(`booking-manage:${bookingId}:${expiresAtSeconds}`).digest("base64url");
}

export function signManageToken(secret: string, bookingId: number, expiresAt: Date): string {
  const seconds = Math.ceil(expiresAt.getTime() / 1000);
  return `${bookingId}.${seconds}.${signature(secret, bookingId, seconds)}`;
}

export function verifyManageToken(secret: string, token: string, now: Date): TokenCheck {
  const match = /^(\d{1,15})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: "invalid" };
  const bookingId = Number(match[1]);
  const seconds = Number(match[2]);
  const expected = Buffer.from(signature(secret, bookingId, seconds));
  if (!timingSafeEqual(expected, Buffer.from(match[3]!))) return { ok: false, reason: "invalid" };
  const expiresAt = new Date(seconds * 1000);
  if (now.getTime() >= expiresAt.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, bookingId, expiresAt };
}

/** Where a booking's manage page is (its cancel and move links). */
export const MANAGE_PATH = "/calendar/manage";

/** A booking's manage link, valid until its call ends. */
export function manageUrl(siteUrl: string, secret: string, booking: { id: number; slot_end: Date }): string {
  return `${siteUrl}${MANAGE_PATH}/${signManageToken(secret, booking.id, booking.slot_end)}`;
}

/** The signing secret: BOOKING_TOKEN_SECRET, or the one derived from the site key (server/captcha/keys.ts). */
export function manageTokenSecret(settings: { BOOKING_TOKEN_SECRET?: string | undefined }, secrets: SiteSecrets): string {
  return settings.BOOKING_TOKEN_SECRET ?? secrets.bookingManage;
}
