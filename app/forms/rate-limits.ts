import type { FormKey } from "./form-keys";

/**
 * How often one address may post each form: the server enforces these, the
 * form UI may read them to explain the wait. Contact, audit and newsletter are
 * SPEC.md section 9's figures; the AI assessment shares the audit's key as the
 * spec says; the company profile and the order are ours.
 */
export interface RateLimitRule {
  max: number;
  windowMinutes: number;
}

export type RateLimitKey = Exclude<FormKey, "aiAssessment">;

export const rateLimits: Record<RateLimitKey, RateLimitRule> = {
  contact: { max: 3, windowMinutes: 15 },
  audit: { max: 2, windowMinutes: 30 },
  newsletter: { max: 5, windowMinutes: 60 },
  // A download gate: a visitor may mistype and come back, a script may not loop.
  companyProfile: { max: 5, windowMinutes: 30 },
  // Orders are long and rare; three cover a correction or two.
  order: { max: 3, windowMinutes: 30 },
};

export const rateLimitKeyOf: Record<FormKey, RateLimitKey> = {
  contact: "contact",
  audit: "audit",
  aiAssessment: "audit",
  newsletter: "newsletter",
  companyProfile: "companyProfile",
  order: "order",
};

/**
 * Posts without JavaScript carry no captcha, so they also meet this stricter
 * limit, per form key and address, on top of the form's own.
 */
export const noscriptRateLimit: RateLimitRule = { max: 2, windowMinutes: 60 };
