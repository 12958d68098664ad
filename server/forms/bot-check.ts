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

/** Posts without JavaScript carry no captcha, so they meet this stricter limit too. */
export const noscriptRateLimit = { max: 2, windowMinutes: 60 };

export const noscriptLimitKey = (limitKey: string) => `noscript:${limitKey}`;

/** The captcha's token with JavaScript; without it, the signed form token, a stricter limit and one use of the token. */
export async function checkBot(
  { settings, rateLimits, challenges, captcha, secrets }: CoreServices,
  fields: FormFields,
  client: ClientAddress,
  limitKey: string,
): Promise<BotCheckOutcome> {
  const refused = (status: 400 | 403 = 403) => ({ ok: false, status, reason: "captcha", message: botCheckFailed }) as const;

  const token = [botFields.captchaToken, ...widgetTokenFields].map((name) => firstValue(fields[name])).find(Boolean);
  if (token) return (await captcha.verify(token, client.address)) ? { ok: true, botCheck: captcha.method } : refused();
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
