import { z } from "../lib/zod.ts";
import type { FormKey } from "./form-keys";
import {
  additionalServiceOptions,
  auditBudgetOptions,
  contactBudgetOptions,
  contactInterestOptions,
  orderBudgetOptions,
  platformOptions,
  serviceOptions,
  startDateOptions,
  tiersByService,
  values,
} from "./options";

/**
 * One zod schema per form (SPEC.md section 5), used by the browser form for
 * instant feedback and by the server action again. Shared with the browser:
 * no server imports here. Every text field has a maximum so a huge body can
 * never be stored.
 */

const fieldLimits = {
  name: 100,
  email: 255,
  company: 100,
  phone: 20,
  website: 255,
  shortText: 100,
  message: 1000,
  longText: 2000,
} as const;

/** How each text field is named in its own messages ("Name must be at most 100 characters"). */
export const fieldLabels = {
  name: "Name",
  email: "Email",
  company: "Company",
  phone: "Phone",
  website: "Website",
  message: "Message",
  currentAIUsage: "Current AI usage",
  goals: "Goals",
  tier: "Tier",
  industry: "Industry",
  currentMarketing: "Current marketing",
  teamSize: "Team size",
  currentChallenges: "Current challenges",
  additionalInfo: "Additional information",
} as const;
type TextFieldName = keyof typeof fieldLabels;

/** The fields typed in a text area: the only ones whose text may run over several lines. */
export const multiLineFields: ReadonlySet<TextFieldName> = new Set([
  "message",
  "currentAIUsage",
  "goals",
  "currentMarketing",
  "currentChallenges",
  "additionalInfo",
]);

/** A one-line input, or a text area. */
export type Lines = "one" | "many";

/**
 * What no field may hold: the C0 controls (PostgreSQL text cannot even store
 * NUL), DEL, the C1 controls and a lone surrogate half; a one-line field no
 * line break either. A tab is pasted in good faith and harms nothing.
 */
const disallowed: Record<Lines, RegExp> = {
  many: /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\p{Cs}/u,
  one: /[\u0000-\u0008\u000A-\u001F\u007F-\u009F\u2028\u2029]|\p{Cs}/u,
};

export function hasDisallowedCharacters(value: string, lines: Lines): boolean {
  return disallowed[lines].test(value);
}

export const notAllowed = (label: string) => `${label} contains characters that are not allowed`;
const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

/**
 * Every text field's rules, so no field can miss one: trimmed, NFC (an
 * address or a name typed on different keyboards reads the same), required
 * when `required` gives its message (blank counts as missing), no disallowed
 * characters, at most `max` characters.
 */
function text(field: TextFieldName, max: number, { required, tooLongMessage }: { required?: string; tooLongMessage?: string } = {}) {
  const label = fieldLabels[field];
  const lines: Lines = multiLineFields.has(field) ? "many" : "one";
  const typed = z
    .string(required ? { error: required } : undefined)
    .trim()
    .normalize("NFC");
  return (required ? typed.min(1, { error: required, abort: true }) : typed)
    .refine((value) => !hasDisallowedCharacters(value, lines), { error: notAllowed(label), abort: true })
    .max(max, tooLongMessage ?? tooLong(label, max));
}

/** A text field that must be filled in; a missing or blank value reads `message`. */
function requiredText(message: string, field: TextFieldName, max: number) {
  return text(field, max, { required: message });
}

/** A text field that may be left empty (empty text and an absent field are both fine). */
function optionalText(field: TextFieldName, max: number) {
  return text(field, max).optional();
}

/** A domain mail can reach, in its ASCII form: letters, digits and hyphens, a top-level name of letters (or punycode). */
const asciiDomain = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * The ASCII form of a host name as a browser's URL parser gives it
 * (müller.co.za → xn--mller-kva.co.za), or null when it is none; the same in
 * the browser and on the server, and the form mail is delivered to.
 */
function asciiHostname(host: string): string | null {
  // Characters the URL parser would read as another part of a URL, or decode.
  if (!host || /[\s/?#@:[\]\\%]/.test(host)) return null;
  // The URL parser lets a label start or end with a hyphen (hidden inside punycode); DNS does not.
  if (host.split(".").some((label) => label.startsWith("-") || label.endsWith("-"))) return null;
  try {
    const { hostname } = new URL(`http://${host}`);
    return asciiDomain.test(hostname) ? hostname : null;
  } catch {
    return null;
  }
}

/** The local part zod's own email check allows (ASCII: few mail servers take SMTPUTF8). */
const emailLocalPart = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]$/;

/** An address mail can reach, its domain internationalised or not (info@müller.co.za). */
function isEmailAddress(value: string): boolean {
  const at = value.lastIndexOf("@");
  return at > 0 && at <= 64 && emailLocalPart.test(value.slice(0, at)) && asciiHostname(value.slice(at + 1)) !== null;
}

function email(message: string) {
  return text("email", fieldLimits.email, { required: message }).refine(isEmailAddress, message);
}

/** A web address as an input of type url takes it, on the web: http or https, and a host name. */
function isWebsiteUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && asciiDomain.test(url.hostname);
  } catch {
    return false;
  }
}

export const websiteUrlMessage = "Please enter a valid website URL";

/** A select that may be left on its empty placeholder; any other value must be one of the options. */
function optionalChoice<const V extends readonly [string, ...string[]]>(options: V, message: string) {
  return z.union([z.literal(""), z.enum(options, { error: message })], { error: message }).optional();
}

const websiteField = optionalText("website", fieldLimits.website);

// ---- Two-step lead form (company profile download) -------------------------

export const companyProfileStep1Schema = z.object({
  name: requiredText("Name is required", "name", fieldLimits.name),
  email: email("Invalid email address"),
});

export const companyProfileSchema = companyProfileStep1Schema.extend({
  company: optionalText("company", fieldLimits.company),
  phone: optionalText("phone", fieldLimits.phone),
});

// ---- Newsletter ------------------------------------------------------------

export const newsletterSchema = z.object({
  email: email("Please enter a valid email address"),
});

// ---- Contact (as in use: name, email and company required) -----------------

export const contactSchema = z.object({
  name: requiredText("Name is required", "name", fieldLimits.name),
  email: email("Please enter a valid email address"),
  company: requiredText("Company is required", "company", fieldLimits.company),
  website: websiteField,
  budget: optionalChoice(values(contactBudgetOptions), "Please select your budget range"),
  service: optionalChoice(values(contactInterestOptions), "Please select your primary interest"),
  message: text("message", fieldLimits.message, { tooLongMessage: "Message must be less than 1000 characters" }).optional(),
});

// ---- Free audit (as in use: name, email, website and budget required) ------

export const auditSchema = z.object({
  name: requiredText("Name is required", "name", fieldLimits.name),
  email: email("Please enter a valid email address"),
  website: requiredText("Website is required", "website", fieldLimits.website),
  budget: z.enum(values(auditBudgetOptions), { error: "Please select your budget range" }),
  platform: optionalChoice(values(platformOptions), "Please select a platform"),
});

// ---- Free AI assessment ----------------------------------------------------

export const aiAssessmentSchema = z.object({
  name: requiredText("Name is required", "name", fieldLimits.name),
  email: email("Please enter a valid email address"),
  company: requiredText("Company is required", "company", fieldLimits.company),
  // SPEC.md section 5: an input of url type, so a web address when given, with JavaScript or without.
  website: text("website", fieldLimits.website)
    .refine((value) => value === "" || isWebsiteUrl(value), websiteUrlMessage)
    .optional(),
  currentAIUsage: optionalText("currentAIUsage", fieldLimits.longText),
  goals: requiredText("Please tell us your goals", "goals", fieldLimits.longText),
});

// ---- Order wizard: four steps ----------------------------------------------

/** In the order the wizard checks them: step by step, a missing field before a malformed email. */
export const orderMessages = {
  step1Missing: "Missing Information: Please fill in all required fields in Step 1",
  invalidEmail: "Invalid Email: Please enter a valid email address",
  step2Missing: "Missing Information: Please select a service and tier",
  step3Missing: "Please fill in all required fields in Step 3",
  step4Missing: "Please select your preferred start date",
} as const;

/** The seed's simple text@text.text check. */
const simpleEmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const orderStep1Shape = {
  name: requiredText(orderMessages.step1Missing, "name", fieldLimits.name),
  email: requiredText(orderMessages.step1Missing, "email", fieldLimits.email).regex(simpleEmailPattern, orderMessages.invalidEmail),
  phone: requiredText(orderMessages.step1Missing, "phone", fieldLimits.phone),
  company: requiredText(orderMessages.step1Missing, "company", fieldLimits.company),
  website: websiteField,
};

const orderStep2Shape = {
  service: z.enum(values(serviceOptions), { error: orderMessages.step2Missing }),
  tier: requiredText(orderMessages.step2Missing, "tier", fieldLimits.shortText),
  additionalServices: z
    .array(z.enum(additionalServiceOptions, { error: "Please choose additional services from the list" }))
    .max(additionalServiceOptions.length)
    .default([]),
};

const orderStep3Shape = {
  industry: requiredText(orderMessages.step3Missing, "industry", fieldLimits.shortText),
  currentMarketing: optionalText("currentMarketing", fieldLimits.longText),
  monthlyBudget: z.enum(orderBudgetOptions, { error: orderMessages.step3Missing }),
  goals: requiredText(orderMessages.step3Missing, "goals", fieldLimits.longText),
};

const orderStep4Shape = {
  startDate: z.enum(startDateOptions, { error: orderMessages.step4Missing }),
  teamSize: optionalText("teamSize", fieldLimits.shortText),
  currentChallenges: optionalText("currentChallenges", fieldLimits.longText),
  additionalInfo: optionalText("additionalInfo", fieldLimits.longText),
};

/** The tier must be one the chosen service offers (changing the service clears it). */
function tierBelongsToService(order: { service: keyof typeof tiersByService; tier: string }): boolean {
  return tiersByService[order.service].includes(order.tier);
}
const tierRule = { error: orderMessages.step2Missing, path: ["tier"] };

/** Each step's own schema, so the wizard's Next validates only the current step. */
export const orderStepSchemas = [
  z.object(orderStep1Shape),
  z.object(orderStep2Shape).refine(tierBelongsToService, tierRule),
  z.object(orderStep3Shape),
  z.object(orderStep4Shape),
] as const;

export const orderSchema = z
  .object({ ...orderStep1Shape, ...orderStep2Shape, ...orderStep3Shape, ...orderStep4Shape })
  .refine(tierBelongsToService, tierRule);

// ---- All forms -------------------------------------------------------------

export const formSchemas = {
  contact: contactSchema,
  audit: auditSchema,
  aiAssessment: aiAssessmentSchema,
  newsletter: newsletterSchema,
  companyProfile: companyProfileSchema,
  order: orderSchema,
} as const satisfies Record<FormKey, z.ZodType>;

/** Fields that carry a list (checkboxes posting the same name several times). */
export const listFields: ReadonlySet<string> = new Set(["additionalServices"]);

export type ContactLead = z.output<typeof contactSchema>;
export type AuditLead = z.output<typeof auditSchema>;
export type AiAssessmentLead = z.output<typeof aiAssessmentSchema>;
export type NewsletterLead = z.output<typeof newsletterSchema>;
export type CompanyProfileLead = z.output<typeof companyProfileSchema>;
export type OrderLead = z.output<typeof orderSchema>;
export type LeadOf<F extends FormKey> = z.output<(typeof formSchemas)[F]>;
