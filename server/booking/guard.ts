import { bookingMessages, type BookingFailure } from "../../app/components/booking/schema.ts";
import { botFields } from "../../app/forms/bot-fields.ts";
import { rateLimitMessage, rateLimitTitle } from "../../app/forms/messages.ts";
import type { LeadOrigin, RateLimitRule } from "../db/store.ts";
import { checkBot, firstValue, noscriptLimitKey } from "../leads/bot-check.ts";
import { type FormFields, readForm } from "../leads/request.ts";
import type { CoreServices } from "../services.ts";

/**
 * A visitor books one call, maybe books a second for a colleague: three
 * bookings an hour leave room for that, not for a script filling the
 * calendar or mailing strangers. Only posts that book count (a slot just
 * taken or a refused bot check is given back), as only those mail anyone.
 */
export const bookingRateLimit = { max: 3, windowMinutes: 60 } as const satisfies RateLimitRule;

/**
 * Every cancel or move from a manage link mails the booker and the agency.
 * A person moves a call once or twice and may then cancel it: three changes a
 * day per booking allow that, and cap what one leaked link can send the
 * booker's address at three mails a day (a day is the longest window the
 * limiter's sweep keeps, server/db/store.ts). Per address, six changes an hour
 * cover an office managing a few calls, not one address working through many
 * bookings' links. Only changes that happen count.
 */
export const manageRateLimits = {
  perBooking: { max: 3, windowMinutes: 24 * 60 },
  perAddress: { max: 6, windowMinutes: 60 },
} as const satisfies Record<string, RateLimitRule>;

const RATE_LIMIT_KEY = "booking";
const MANAGE_KEYS = { perBooking: "booking-change", perAddress: "booking-manage" } as const;
const USER_AGENT_MAX = 500;

type Refusal = { ok: false; status: number; failure: BookingFailure };
/** A post that may book; release() gives back its attempts when it books nothing after all. */
export type Guarded<T> =
  { ok: true; input: T; fields: FormFields; origin: Omit<LeadOrigin, "receivedAt">; release(): Promise<void> } | Refusal;

const refuse = (status: number, message: string, extra: Partial<BookingFailure> = {}): Refusal => ({
  ok: false,
  status,
  failure: { ok: false, title: bookingMessages.failedTitle, message, ...extra },
});

function limited(retryAfterMs: number): Refusal {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return refuse(429, rateLimitMessage(minutes), { title: rateLimitTitle, retryAfterMinutes: minutes });
}

/**
 * The lead pipeline's checks in its order (server/leads/pipeline.ts), for the
 * booking form, whose key is not one of the lead forms' (cross-site posts
 * never get here: the server refuses them before React Router): fields,
 * honeypot, rate limit, then the shared bot check (server/leads/bot-check.ts).
 * The attempt is counted before the bot check, so parallel posts cannot slip
 * past the limit, and given back when the check refuses the post.
 */
export async function guardBookingPost<T>(
  services: CoreServices,
  request: Request,
  clientAddress: string,
  validate: (fields: FormFields) => { ok: true; input: T } | Refusal,
): Promise<Guarded<T>> {
  const { store } = services;
  const read = await readForm(request, new Set());
  if (!read.ok) return refuse(read.status, bookingMessages.failed);
  const { fields } = read;

  const valid = validate(fields);
  if (!valid.ok) return valid;
  if (firstValue(fields[botFields.honeypot]) !== "") return refuse(400, bookingMessages.failed);

  const hit = await store.hitRateLimit(RATE_LIMIT_KEY, clientAddress, bookingRateLimit);
  if (!hit.allowed) return limited(hit.retryAfterMs);

  const bot = await checkBot(services, fields, clientAddress, RATE_LIMIT_KEY);
  if (!bot.ok) {
    await store.refundRateLimit(RATE_LIMIT_KEY, clientAddress);
    return bot.reason === "rate-limit" ? limited(bot.retryAfterMs) : refuse(bot.status, bot.message);
  }
  const { botCheck } = bot;

  return {
    ok: true,
    input: valid.input,
    fields,
    origin: { botCheck, clientAddress, userAgent: request.headers.get("user-agent")?.slice(0, USER_AGENT_MAX) ?? null },
    async release() {
      await store.refundRateLimit(RATE_LIMIT_KEY, clientAddress);
      // A post without JavaScript also counted against the stricter limit.
      if (botCheck === "noscript") await store.refundRateLimit(noscriptLimitKey(RATE_LIMIT_KEY), clientAddress);
    },
  };
}

/**
 * Counts one change of a booking from its manage link, per address and per
 * booking, before it is made (so parallel posts cannot slip past); release()
 * gives it back when nothing changed.
 */
export async function guardBookingChange(
  { store }: CoreServices,
  bookingId: number,
  clientAddress: string,
): Promise<{ ok: true; release(): Promise<void> } | Refusal> {
  const booking = String(bookingId);
  const byAddress = await store.hitRateLimit(MANAGE_KEYS.perAddress, clientAddress, manageRateLimits.perAddress);
  if (!byAddress.allowed) return limited(byAddress.retryAfterMs);
  const byBooking = await store.hitRateLimit(MANAGE_KEYS.perBooking, booking, manageRateLimits.perBooking);
  if (!byBooking.allowed) {
    await store.refundRateLimit(MANAGE_KEYS.perAddress, clientAddress);
    return limited(byBooking.retryAfterMs);
  }
  return {
    ok: true,
    async release() {
      await store.refundRateLimit(MANAGE_KEYS.perAddress, clientAddress);
      await store.refundRateLimit(MANAGE_KEYS.perBooking, booking);
    },
  };
}
