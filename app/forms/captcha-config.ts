/** The bot checks the server can verify (CAPTCHA_PROVIDER), and how the widget shows (CAPTCHA_WIDGET). */
export const captchaProviders = ["altcha", "recaptcha-v3", "recaptcha-v2", "turnstile"] as const;
export const captchaWidgets = ["visible", "invisible"] as const;

/** Which bot check the server verifies, as the page tells the browser (no secrets). */
export interface CaptchaWidgetConfig {
  provider: (typeof captchaProviders)[number];
  /** reCAPTCHA or Turnstile site key; null for ALTCHA. */
  siteKey: string | null;
  widget: (typeof captchaWidgets)[number];
  /** ALTCHA's challenge URL; null for the others. */
  challengeUrl: string | null;
}

/** What a page holding a form hands its form: the signed no-JavaScript token and the bot check to run. */
export interface FormPageData {
  formToken: string;
  captcha: CaptchaWidgetConfig;
  /** What the server saw of the visit (the page's campaign parameters and referrer), for a post without JavaScript. */
  attribution: string;
}

/** The bot check as a form drives it. */
export interface CaptchaHandle {
  /**
   * The check's answer for the next post: a token, "" when the check ran but
   * failed (the server then answers with the form's own failure message), or
   * null when the widget never loaded ('ReCAPTCHA not initialized').
   * `onWait` is called when the answer is not ready yet, so the form can show
   * that the visitor is waiting for the check.
   */
  token(onWait?: () => void): Promise<string | null>;
  /** A fresh check for the next attempt (tokens are single-use). */
  reset(): void;
}

/** How long a form waits for a widget still loading before it calls it missing. */
export const CAPTCHA_LOAD_TIMEOUT_MS = 15_000;
