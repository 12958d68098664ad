import type { SiteSecrets } from "#server/captcha/keys.ts";
import { signExpiringToken, verifyExpiringToken } from "#server/signed-tokens.ts";

// Valid until the end of the call, so nobody can forge a link to another booking or stretch one past its call.
const PURPOSE = "booking-manage";

export type TokenCheck = { ok: true; bookingId: number; expiresAt: Date } | { ok: false; reason: "invalid" | "expired" };

export function signManageToken(secret: string, bookingId: number, expiresAt: Date): string {
  return signExpiringToken(secret, PURPOSE, bookingId, expiresAt);
}

export function verifyManageToken(secret: string, token: string, now: Date): TokenCheck {
  const check = verifyExpiringToken(secret, PURPOSE, token, now);
  return check.ok ? { ok: true, bookingId: check.id, expiresAt: check.expiresAt } : check;
}

export const MANAGE_PATH = "/calendar/manage";

export function manageUrl(siteUrl: string, secret: string, booking: { id: number; slot_end: Date }): string {
  return `${siteUrl}${MANAGE_PATH}/${signManageToken(secret, booking.id, booking.slot_end)}`;
}

export function manageTokenSecret(settings: { BOOKING_TOKEN_SECRET?: string | undefined }, secrets: SiteSecrets): string {
  return settings.BOOKING_TOKEN_SECRET ?? secrets.bookingManage;
}
