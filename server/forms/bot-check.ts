import { botFields, enhancedMarker, widgetTokenFields } from "#app/forms/bot-fields.ts";
import { botCheckFailed, formExpired } from "#app/forms/messages.ts";
import { checkFormToken } from "#server/captcha/form-token.ts";
import type { ClientAddress } from "#server/http/client-address.ts";
import type { BotCheck } from "#server/db/columns.ts";
import type { FormFields } from "#server/http/request.ts";
import type { CoreServices } from "#server/core-services.ts";

export type BotCheckOutcome =
  | { ok: true; botCheck: BotCheck }
  | { ok: false; status: 400 | 403; reason: "captcha" | "expired"; message: string }
  | { ok: false; status: 429; reason: "rate-limit"; retryAfterMs: number };

export function firstValue(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? "";
}

/**
 * Posts without JavaScript carry no captcha, so they also meet this stricter
 * limit, per form key and address, on top of the form's own.
 */
export const noscriptRateLimit = { max: 2, windowMinutes: 60 };

/** The rate-limit key of the stricter limit on posts without JavaScript. */
export const noscriptLimitKey = (limitKey: string) => `noscript:${limitKey}`;

/**
 * Proves a post came from a person, the same way for every form: the captcha's
 * token when the page ran JavaScript; without JavaScript, the signed form token,
 * a stricter rate limit under noscriptLimitKey(limitKey) and one use of the token.
 * A post from the enhanced form must carry a captcha token.
 */
export async function checkBot(
  { settings, rateLimits, challenges, captcha, secrets }: CoreServices,
  fields: FormFields,
  client: ClientAddress,
  limitKey: string,
): Promise<BotCheckOutcome> {
  const refused = (status: 400 | 403 = 403) => ({ ok: false, status, reason: "captcha", message: botCheckFailed }) as const;

  const token = [botFields.captchaToken, ...widgetTokenFields].map((name) => firstValue(fields[name])).find(Boolean);
  if (token) return (await captcha.verify(token, client.address)) ? { ok: true, botCheck: captcha.method } : refused();
  // The enhanced form always runs its captcha; a post claiming to be one without a token is refused.
  if (firstValue(fields[botFields.enhanced]) === enhancedMarker) return refused(400);

  if (settings.NOSCRIPT_POSTS === "reject") return refused();
  const check = checkFormToken(secrets.formToken, firstValue(fields[botFields.formToken]));
  if (!check.ok) {
    return check.reason === "expired" ? { ok: false, status: 403, reason: "expired", message: formExpired } : refused();
  }
  const strict = await rateLimits.hit(noscriptLimitKey(limitKey), client.rateLimitSubject, noscriptRateLimit);
  if (!strict.allowed) return { ok: false, status: 429, reason: "rate-limit", retryAfterMs: strict.retryAfterMs };
  if (!(await challenges.spend(check.id, check.expiresAt))) return refused();
  return { ok: true, botCheck: "noscript" };
}
