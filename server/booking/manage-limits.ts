import { bookingForm } from "#app/forms/booking.ts";
import type { LeadResult } from "#app/forms/lead-result.ts";
import { rateLimitMessage, rateLimitTitle } from "#app/forms/messages.ts";
import type { ClientAddress } from "#server/http/client-address.ts";
import type { RateLimitRule } from "#server/rate-limits.ts";
import type { CoreServices } from "#server/core-services.ts";

// Each change mails the booker: three a day per booking caps what a leaked link can send; six an hour per address fits an office.
export const manageRateLimits = {
  perBooking: { max: 3, windowMinutes: 24 * 60 },
  perAddress: { max: 6, windowMinutes: 60 },
} as const satisfies Record<string, RateLimitRule>;

const MANAGE_KEYS = { perBooking: "booking-change", perAddress: "booking-manage" } as const;

type Refusal = { ok: false; status: number; failure: LeadResult; retryAfterSeconds: number };

function limited(retryAfterMs: number): Refusal {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return {
    ok: false,
    status: 429,
    retryAfterSeconds: minutes * 60,
    failure: { ok: false, form: bookingForm.key, title: rateLimitTitle, message: rateLimitMessage(minutes), retryAfterMinutes: minutes },
  };
}

/** Counted before the change is made, so parallel posts cannot slip past; release() gives it back when nothing changed. */
export async function guardBookingChange(
  { rateLimits }: CoreServices,
  bookingId: number,
  client: ClientAddress,
): Promise<{ ok: true; release(): Promise<void> } | Refusal> {
  const booking = String(bookingId);
  const address = client.rateLimitSubject;
  const byAddress = await rateLimits.hit(MANAGE_KEYS.perAddress, address, manageRateLimits.perAddress);
  if (!byAddress.allowed) return limited(byAddress.retryAfterMs);
  const byBooking = await rateLimits.hit(MANAGE_KEYS.perBooking, booking, manageRateLimits.perBooking);
  if (!byBooking.allowed) {
    await rateLimits.refund(MANAGE_KEYS.perAddress, address);
    return limited(byBooking.retryAfterMs);
  }
  return {
    ok: true,
    async release() {
      await rateLimits.refund(MANAGE_KEYS.perAddress, address);
      await rateLimits.refund(MANAGE_KEYS.perBooking, booking);
    },
  };
}
