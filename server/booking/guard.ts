import { bookingMessages, type BookingFailure } from "../../app/components/booking/schema.ts";
import { botFields } from "../../app/forms/bot-fields.ts";
import { rateLimitMessage, rateLimitTitle } from "../../app/forms/messages.ts";
import type { LeadOrigin } from "../db/store.ts";
import { checkBot, firstValue } from "../leads/bot-check.ts";
import { type FormFields, readForm } from "../leads/request.ts";
import { leadServices } from "../leads/services.ts";

/**
 * A visitor books one call, maybe corrects a typo or tries again after a
 * "just taken": three posts an hour leave room for that, not for a script
 * filling the calendar.
 */
export const bookingRateLimit = { max: 3, windowMinutes: 60 };
const RATE_LIMIT_KEY = "booking";
const USER_AGENT_MAX = 500;

type Refusal = { ok: false; status: number; failure: BookingFailure };
export type Guarded<T> = { ok: true; input: T; fields: FormFields; origin: Omit<LeadOrigin, "receivedAt"> } | Refusal;

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
 */
export async function guardBookingPost<T>(
  request: Request,
  clientAddress: string,
  validate: (fields: FormFields) => { ok: true; input: T } | Refusal,
): Promise<Guarded<T>> {
  const { store } = leadServices();
  const read = await readForm(request, new Set());
  if (!read.ok) return refuse(read.status, bookingMessages.failed);
  const { fields } = read;

  const valid = validate(fields);
  if (!valid.ok) return valid;
  if (firstValue(fields[botFields.honeypot]) !== "") return refuse(400, bookingMessages.failed);

  const hit = await store.hitRateLimit(RATE_LIMIT_KEY, clientAddress, bookingRateLimit);
  if (!hit.allowed) return limited(hit.retryAfterMs);

  const bot = await checkBot(fields, clientAddress, RATE_LIMIT_KEY);
  if (!bot.ok) return bot.reason === "rate-limit" ? limited(bot.retryAfterMs) : refuse(bot.status, bot.message);
  const { botCheck } = bot;

  return {
    ok: true,
    input: valid.input,
    fields,
    origin: { botCheck, clientAddress, userAgent: request.headers.get("user-agent")?.slice(0, USER_AGENT_MAX) ?? null },
  };
}
