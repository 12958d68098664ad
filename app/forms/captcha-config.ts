export const captchaProviders = ["altcha", "recaptcha-v3", "recaptcha-v2", "turnstile"] as const;
export const captchaWidgets = ["visible", "invisible"] as const;

export interface CaptchaWidgetConfig {
  provider: (typeof captchaProviders)[number];
  siteKey: string | null;
  widget: (typeof captchaWidgets)[number];
  challengeUrl: string | null;
}

export interface FormPageData {
  formToken: string;
  captcha: CaptchaWidgetConfig;
  attribution: string;
}

export interface CaptchaHandle {
  /** "" when the check ran but failed; null when the widget never loaded ('ReCAPTCHA not initialized'). */
  token(onWait?: () => void): Promise<string | null>;
  /** Tokens are single-use. */
  reset(): void;
}

export const CAPTCHA_LOAD_TIMEOUT_MS = 15_000;
