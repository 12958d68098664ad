/**
 * The hidden fields every lead form carries, named once for the form UI and the
 * server pipeline.
 *
 * - honeypot: an input people never see (wrapper `aria-hidden`, off-screen, `tabIndex={-1}`,
 *   `autoComplete="off"`); a post with anything in it is a bot's.
 * - formToken: the signed token the page's loader renders into the form (issueFormToken);
 *   it proves a post without JavaScript came from a page we rendered, 3 s to a day earlier.
 * - enhanced: set to "1" by the JavaScript-enhanced form; such a post must carry a captcha token.
 * - captchaToken: the captcha's answer (ALTCHA payload, reCAPTCHA or Turnstile token).
 *   The server also reads the widgets' own field names, so a widget left on its default works.
 */
export const botFields = {
  honeypot: "name__confirm",
  formToken: "_formToken",
  enhanced: "_enhanced",
  captchaToken: "captchaToken",
} as const;

/** The value of the enhanced-form marker. */
export const enhancedMarker = "1";

/** The field names the captcha widgets use when not told otherwise. */
export const widgetTokenFields = ["altcha", "g-recaptcha-response", "cf-turnstile-response"] as const;
