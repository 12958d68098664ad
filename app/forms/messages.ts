/**
 * What a visitor reads after posting any form: SPEC.md section 8's shared
 * titles and texts. Each form's own success and failure texts are in its
 * module (app/forms/contact.ts and the others).
 */

export interface Toast {
  title: string;
  message: string;
}

/** A missing token, a refused solution or an unreachable provider: whatever the provider, the spec's words. */
export const botCheckFailed = "reCAPTCHA verification failed";

/** The captcha widget did not load, so no token can be obtained. */
export const captchaNotInitialized = "ReCAPTCHA not initialized";

/** Read out while a submitted form still waits for the bot check's answer (the button keeps SPEC.md's "Submitting..."). */
export const botCheckInProgress = "Checking that you're human...";

export const somethingWentWrong = "Something went wrong. Please try again.";

/** The title of a failure toast (SPEC.md section 8: "Destructive toast Error"). */
export const errorTitle = "Error";

/** A page rendered without JavaScript was posted more than a day later. */
export const formExpired = "This form has expired. Please reload the page and try again.";

/** The page asks the visitor to fix the highlighted fields (enhanced forms show each field's message). */
export const checkTheFields = "Please check the highlighted fields and try again.";

export const rateLimitTitle = "Too many attempts";

/** "1 minute", "5 minutes". */
export function minutesText(minutes: number): string {
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

export function rateLimitMessage(minutes: number): string {
  return `Please wait ${minutesText(minutes)} before trying again.`;
}
