import type { Env } from "#server/env.ts";
import type { CspAllowances } from "#server/http/security.ts";
import { altchaProvider } from "#server/captcha/altcha.ts";
import type { SiteSecrets } from "#server/captcha/keys.ts";
import { siteverifyProvider, siteverifyUrls } from "#server/captcha/siteverify.ts";
import type { CaptchaProvider } from "#server/captcha/types.ts";
import type { CaptchaWidgetConfig } from "#app/forms/captcha-config.ts";

export type { CaptchaProvider } from "#server/captcha/types.ts";

export const ALTCHA_CHALLENGE_PATH = "/api/altcha/challenge";

export type Captcha = CaptchaProvider & { challenge?: ReturnType<typeof altchaProvider>["challenge"] };

/** The pipeline never asks which provider it has. */
export function createCaptcha(settings: Env, secrets: SiteSecrets, spend: (id: string, expiresAt: Date) => Promise<boolean>): Captcha {
  const provider = settings.CAPTCHA_PROVIDER;
  if (provider === "altcha") {
    return altchaProvider({
      signatureSecret: secrets.altchaSignature,
      keySignatureSecret: secrets.altchaKeySignature,
      cost: settings.ALTCHA_COST,
      spend,
    });
  }
  const secret = settings.CAPTCHA_SECRET_KEY!;
  const service = provider === "turnstile" ? "turnstile" : "recaptcha";
  return siteverifyProvider({
    method: provider,
    secret,
    url: settings.CAPTCHA_VERIFY_URL ?? siteverifyUrls[service],
    requireScore: provider === "recaptcha-v3",
  });
}

export function captchaAllowances(provider: Env["CAPTCHA_PROVIDER"]): CspAllowances {
  switch (provider) {
    case "recaptcha-v2":
    case "recaptcha-v3":
      return {
        script: ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"],
        frame: ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"],
        connect: ["https://www.google.com/recaptcha/"],
        img: [],
      };
    case "turnstile":
      return {
        script: ["https://challenges.cloudflare.com"],
        frame: ["https://challenges.cloudflare.com"],
        connect: ["https://challenges.cloudflare.com"],
        img: [],
      };
    case "altcha":
      return { script: [], frame: [], connect: [], img: [] };
  }
}

export function captchaWidgetConfig(settings: Env): CaptchaWidgetConfig {
  const altcha = settings.CAPTCHA_PROVIDER === "altcha";
  return {
    provider: settings.CAPTCHA_PROVIDER,
    siteKey: altcha ? null : settings.CAPTCHA_SITE_KEY!,
    widget: settings.CAPTCHA_WIDGET,
    challengeUrl: altcha ? ALTCHA_CHALLENGE_PATH : null,
  };
}
