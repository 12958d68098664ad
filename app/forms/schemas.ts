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

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

/** A text field that must be filled in; a missing or blank value reads `message`. */
function requiredText(message: string, label: string, max: number) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, tooLong(label, max));
}

/** A text field that may be left empty (empty text and an absent field are both fine). */
function optionalText(label: string, max: number) {
  return z.string().trim().max(max, tooLong(label, max)).optional();
}

function email(message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(fieldLimits.email, tooLong("Email", fieldLimits.email))
    .pipe(z.email({ error: message }));
}

/** A select that may be left on its empty placeholder; any other value must be one of the options. */
function optionalChoice<const V extends readonly [string, ...string[]]>(options: V, message: string) {
  return z.union([z.literal(""), z.enum(options, { error: message })], { error: message }).optional();
}

const websiteField = optionalText("Website", fieldLimits.website);

// ---- Two-step lead form (company profile download) -------------------------

export const companyProfileStep1Schema = z.object({
  name: requiredText("Name is required", "Name", fieldLimits.name),
  email: email("Invalid email address"),
});

export const companyProfileSchema = companyProfileStep1Schema.extend({
  company: optionalText("Company", fieldLimits.company),
  phone: optionalText("Phone", fieldLimits.phone),
});

// ---- Newsletter ------------------------------------------------------------

export const newsletterSchema = z.object({
  email: email("Please enter a valid email address"),
});

// ---- Contact (as in use: name, email and company required) -----------------

export const contactSchema = z.object({
  name: requiredText("Name is required", "Name", fieldLimits.name),
  email: email("Please enter a valid email address"),
  company: requiredText("Company is required", "Company", fieldLimits.company),
  website: websiteField,
  budget: optionalChoice(values(contactBudgetOptions), "Please select your budget range"),
  service: optionalChoice(values(contactInterestOptions), "Please select your primary interest"),
  message: z.string().trim().max(fieldLimits.message, "Message must be less than 1000 characters").optional(),
});

// ---- Free audit (as in use: name, email, website and budget required) ------

export const auditSchema = z.object({
  name: requiredText("Name is required", "Name", fieldLimits.name),
  email: email("Please enter a valid email address"),
  website: requiredText("Website is required", "Website", fieldLimits.website),
  budget: z.enum(values(auditBudgetOptions), { error: "Please select your budget range" }),
  platform: optionalChoice(values(platformOptions), "Please select a platform"),
});

// ---- Free AI assessment ----------------------------------------------------

export const aiAssessmentSchema = z.object({
  name: requiredText("Name is required", "Name", fieldLimits.name),
  email: email("Please enter a valid email address"),
  company: requiredText("Company is required", "Company", fieldLimits.company),
  website: websiteField,
  currentAIUsage: optionalText("Current AI usage", fieldLimits.longText),
  goals: requiredText("Please tell us your goals", "Goals", fieldLimits.longText),
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
  name: requiredText(orderMessages.step1Missing, "Name", fieldLimits.name),
  email: z
    .string({ error: orderMessages.step1Missing })
    .trim()
    .min(1, { error: orderMessages.step1Missing, abort: true })
    .max(fieldLimits.email, tooLong("Email", fieldLimits.email))
    .regex(simpleEmailPattern, orderMessages.invalidEmail),
  phone: requiredText(orderMessages.step1Missing, "Phone", fieldLimits.phone),
  company: requiredText(orderMessages.step1Missing, "Company", fieldLimits.company),
  website: websiteField,
};

const orderStep2Shape = {
  service: z.enum(values(serviceOptions), { error: orderMessages.step2Missing }),
  tier: requiredText(orderMessages.step2Missing, "Tier", fieldLimits.shortText),
  additionalServices: z
    .array(z.enum(additionalServiceOptions, { error: "Please choose additional services from the list" }))
    .max(additionalServiceOptions.length)
    .default([]),
};

const orderStep3Shape = {
  industry: requiredText(orderMessages.step3Missing, "Industry", fieldLimits.shortText),
  currentMarketing: optionalText("Current marketing", fieldLimits.longText),
  monthlyBudget: z.enum(orderBudgetOptions, { error: orderMessages.step3Missing }),
  goals: requiredText(orderMessages.step3Missing, "Goals", fieldLimits.longText),
};

const orderStep4Shape = {
  startDate: z.enum(startDateOptions, { error: orderMessages.step4Missing }),
  teamSize: optionalText("Team size", fieldLimits.shortText),
  currentChallenges: optionalText("Current challenges", fieldLimits.longText),
  additionalInfo: optionalText("Additional information", fieldLimits.longText),
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
