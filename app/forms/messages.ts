// SPEC.md section 8's shared words; each form's own are in its module.

export interface Toast {
  title: string;
  message: string;
}

/** Whatever the provider, the spec's words. */
export const botCheckFailed = "reCAPTCHA verification failed";

export const captchaNotInitialized = "ReCAPTCHA not initialized";

/** The button keeps SPEC.md's "Submitting...". */
export const botCheckInProgress = "Checking that you're human...";

export const somethingWentWrong = "Something went wrong. Please try again.";

/** SPEC.md section 8: "Destructive toast Error". */
export const errorTitle = "Error";

export const formExpired = "This form has expired. Please reload the page and try again.";

export const checkTheFields = "Please check the highlighted fields and try again.";

export const rateLimitTitle = "Too many attempts";

export function minutesText(minutes: number): string {
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

export function rateLimitMessage(minutes: number): string {
  return `Please wait ${minutesText(minutes)} before trying again.`;
}
