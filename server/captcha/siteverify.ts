import type { CaptchaProvider } from "#server/captcha/types.ts";

/** SPEC.md section 9. */
const MIN_SCORE = 0.5;
const VERIFY_TIMEOUT_MS = 5000;

export const siteverifyUrls = {
  recaptcha: "https://www.google.com/recaptcha/api/siteverify",
  turnstile: "https://challenges.cloudflare.com/turnstile/v0/siteverify",
} as const;

interface SiteverifyAnswer {
  success?: unknown;
  score?: unknown;
}

export interface SiteverifyOptions {
  method: "recaptcha-v3" | "recaptcha-v2" | "turnstile";
  secret: string;
  url: string;
  requireScore: boolean;
}

export function siteverifyProvider(options: SiteverifyOptions): CaptchaProvider {
  return {
    method: options.method,
    async verify(token, clientAddress) {
      let answer: SiteverifyAnswer;
      try {
        const res = await fetch(options.url, {
          method: "POST",
          body: new URLSearchParams({ secret: options.secret, response: token, remoteip: clientAddress }),
          signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
        });
        if (!res.ok) return false;
        answer = (await res.json()) as SiteverifyAnswer;
      } catch {
        return false;
      }
      if (answer.success !== true) return false;
      if (typeof answer.score === "number") return answer.score >= MIN_SCORE;
      return !options.requireScore;
    },
  };
}
