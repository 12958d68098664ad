import type { FormKey } from "./form-keys";

/**
 * What a visitor reads after posting a form: SPEC.md section 8's titles and
 * texts, in one place. The server picks them for each answer; the form UI
 * imports them for anything it says before posting.
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

/**
 * The AI assessment's rate-limit answer (it shares the audit key): SPEC.md section 8's
 * "Too many requests: Please wait a moment before submitting again.", read as title and text
 * like every other form's.
 */
export const aiAssessmentRateLimited: Toast = {
  title: "Too many requests",
  message: "Please wait a moment before submitting again.",
};

/** How long the AI assessment's success toast stays (SPEC.md section 9). */
export const aiAssessmentSuccessToastMs = 5000;

export const formMessages: Record<FormKey, { success: Toast; failure: Toast }> = {
  newsletter: {
    success: { title: "Success!", message: "Thanks for subscribing! You'll receive our weekly ROI insights." },
    failure: { title: "Error", message: "Failed to subscribe. Please try again." },
  },
  contact: {
    success: { title: "Success!", message: "Thank you for your message. We'll get back to you within 2-4 hours." },
    failure: { title: "Error", message: "Failed to submit form. Please try again." },
  },
  audit: {
    success: {
      title: "Success!",
      message: "Your free audit request has been submitted. We'll send your analysis within 2-4 hours.",
    },
    failure: { title: "Error", message: "Failed to submit audit request. Please try again." },
  },
  aiAssessment: {
    success: {
      title: "Success!",
      message: "Your AI assessment request has been submitted. We'll be in touch within 24 hours.",
    },
    failure: { title: "Error", message: somethingWentWrong },
  },
  companyProfile: {
    success: { title: "Success!", message: "Thank you! Your company profile download will start now." },
    failure: { title: "Error", message: somethingWentWrong },
  },
  order: {
    success: {
      title: "Order Submitted Successfully!",
      message: "We'll contact you within 24 hours to discuss your project.",
    },
    failure: { title: "Submission Failed", message: "Please try again or contact us directly." },
  },
};

/**
 * Forms whose refused bot check shows the form's own failure text (SPEC.md section 8's
 * rows for contact, newsletter and audit); the others show the check's own message.
 */
const ownBotCheckFailure: ReadonlySet<FormKey> = new Set(["contact", "newsletter", "audit"]);

export function botCheckFailureMessage(form: FormKey): string {
  return ownBotCheckFailure.has(form) ? formMessages[form].failure.message : botCheckFailed;
}
