import type { FormKey } from "#app/forms/form-keys.ts";

/**
 * What every form's action answers, to the enhanced form (toasts) and to the
 * page rendered without JavaScript alike. Titles and messages are SPEC.md
 * section 8's, chosen on the server.
 */
export type LeadResult =
  | { ok: true; form: FormKey; title: string; message: string }
  | {
      ok: false;
      form: FormKey;
      title: string;
      message: string;
      /** Per-field messages from the form's schema. */
      fieldErrors?: Record<string, string[]>;
      /** Set when the rate limit stopped the post: whole minutes until it may be tried again. */
      retryAfterMinutes?: number;
      /** What the visitor typed, so a page rendered without JavaScript can show it again. */
      values?: Record<string, string | string[]>;
      /** Which step refused the post, so the form knows e.g. to reset its captcha. */
      reason?: LeadFailureReason;
    };

export type LeadFailureReason =
  | "too-large"
  | "unsupported"
  | "validation"
  | "honeypot"
  | "rate-limit"
  | "captcha"
  | "expired"
  | "storage"
  /** The time chosen is gone, or was just taken (Book a Call). */
  | "slot"
  /** The email address holds as many calls not yet over as it may (Book a Call). */
  | "calls-held"
  /** The post never reached the action, or its answer never came back (app/forms/transport.ts). */
  | "transport";
