/** The honeypot's wrapper is aria-hidden and off-screen; the server also reads the widgets' own token fields. */
export const botFields = {
  honeypot: "name__confirm",
  formToken: "_formToken",
  enhanced: "_enhanced",
  captchaToken: "captchaToken",
} as const;

export const enhancedMarker = "1";

export const widgetTokenFields = ["altcha", "g-recaptcha-response", "cf-turnstile-response"] as const;
