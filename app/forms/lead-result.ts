import type { FormKey } from "#app/forms/form-keys.ts";

/** Answered to the enhanced form and the page without JavaScript alike; words chosen on the server (SPEC.md section 8). */
export type LeadResult =
  | { ok: true; form: FormKey; title: string; message: string }
  | {
      ok: false;
      form: FormKey;
      title: string;
      message: string;
      fieldErrors?: Record<string, string[]>;
      retryAfterMinutes?: number;
      values?: Record<string, string | string[]>;
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
  | "slot"
  | "calls-held"
  | "transport";
