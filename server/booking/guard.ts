import { bookingMessages, type BookingFailure } from "../../app/components/booking/schema.ts";
import { botFields, enhancedMarker, widgetTokenFields } from "../../app/forms/bot-fields.ts";
import { botCheckFailed, formExpired, rateLimitMessage, rateLimitTitle } from "../../app/forms/messages.ts";
import { noscriptRateLimit } from "../../app/forms/rate-limits.ts";
import { checkFormToken } from "../captcha/form-token.ts";
import type { BotCheck } from "../db/schema.ts";
import type { LeadOrigin } from "../db/store.ts";
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

function text(fields: FormFields, name: string): string {
  const value = fields[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? "";
}

function limited(retryAfterMs: number): Refusal {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return refuse(429, rateLimitMessage(minutes), { title: rateLimitTitle, retryAfterMinutes: minutes });
}

/**
 * The lead pipeline's checks in its order (server/leads/pipeline.ts), for the
 * booking form, whose key is not one of the lead forms' (cross-site posts
 * never get here: the pipeline refuses them before React Router): fields,
 * honeypot, rate limit, then the captcha, or without JavaScript the
 * signed form token, a stricter limit and one use of the token. The
 * verification itself is the pipeline's (captcha provider, form token, store).
 */
export async function guardBookingPost<T>(
  request: Request,
  clientAddress: string,
  validate: (fields: FormFields) => { ok: true; input: T } | Refusal,
): Promise<Guarded<T>> {
  const { settings, store, captcha, secrets } = leadServices();
  const read = await readForm(request, new Set());
  if (!read.ok) return refuse(read.status, bookingMessages.failed);
  const { fields } = read;

  const valid = validate(fields);
  if (!valid.ok) return valid;
  if (text(fields, botFields.honeypot) !== "") return refuse(400, bookingMessages.failed);

  const hit = await store.hitRateLimit(RATE_LIMIT_KEY, clientAddress, bookingRateLimit);
  if (!hit.allowed) return limited(hit.retryAfterMs);

  const token = [botFields.captchaToken, ...widgetTokenFields].map((name) => text(fields, name)).find(Boolean);
  let botCheck: BotCheck;
  if (token) {
    if (!(await captcha.verify(token, clientAddress))) return refuse(403, botCheckFailed);
    botCheck = captcha.method;
  } else if (text(fields, botFields.enhanced) === enhancedMarker) {
    return refuse(400, botCheckFailed);
  } else {
    if (settings.NOSCRIPT_POSTS === "reject") return refuse(403, botCheckFailed);
    const check = checkFormToken(secrets.formToken, text(fields, botFields.formToken));
    if (!check.ok) return refuse(403, check.reason === "expired" ? formExpired : botCheckFailed);
    const strict = await store.hitRateLimit(`noscript:${RATE_LIMIT_KEY}`, clientAddress, noscriptRateLimit);
    if (!strict.allowed) return limited(strict.retryAfterMs);
    if (!(await store.spendChallenge(check.id, check.expiresAt))) return refuse(403, botCheckFailed);
    botCheck = "noscript";
  }

  return {
    ok: true,
    input: valid.input,
    fields,
    origin: { botCheck, clientAddress, userAgent: request.headers.get("user-agent")?.slice(0, USER_AGENT_MAX) ?? null },
  };
}
