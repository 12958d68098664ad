import { z } from "#app/lib/zod.ts";
import { auditForm } from "#app/forms/audit.ts";
import { commonFields } from "#app/forms/common-fields.ts";
import { formFields, type LeadFormDefinition, NOT_SPECIFIED, orNull, reported } from "#app/forms/definition.ts";
import { botCheckFailed, errorTitle, somethingWentWrong } from "#app/forms/messages.ts";
import { fieldLimits } from "#app/forms/field-limits.ts";
import { email, isWebsiteUrl, optionalText, requiredText, text, websiteUrlMessage } from "#app/forms/rules.ts";

const fields = formFields({
  name: { ...commonFields.name, required: true },
  email: { ...commonFields.email, required: true },
  company: { ...commonFields.company, required: true },
  website: { ...commonFields.website, type: "url", inputMode: undefined, placeholder: "https://yourcompany.co.za" },
  currentAIUsage: {
    label: "Current AI Usage",
    shortLabel: "Current AI usage",
    multiline: true,
    maxLength: fieldLimits.longText,
    placeholder: "Which AI tools does your team use today, if any?",
  },
  goals: {
    label: "Goals",
    required: true,
    multiline: true,
    maxLength: fieldLimits.longText,
    placeholder: "What would you like AI to do for your business?",
  },
});

/** SPEC.md section 5. */
const schema = z.object({
  name: requiredText("Name is required", fields.name),
  email: email(fields.email, "Please enter a valid email address"),
  company: requiredText("Company is required", fields.company),
  // A web address when given, with JavaScript or without.
  website: z.optional(text(fields.website).check(z.refine((value) => value === "" || isWebsiteUrl(value), websiteUrlMessage))),
  currentAIUsage: optionalText(fields.currentAIUsage),
  goals: requiredText("Please tell us your goals", fields.goals),
});

/** SPEC.md section 9. */
export const aiAssessmentSuccessToastMs = 5000;

export const aiAssessmentForm = {
  key: "aiAssessment",
  schema,
  fields,
  messages: {
    success: { title: "Success!", message: "Your AI assessment request has been submitted. We'll be in touch within 24 hours." },
    failure: { title: errorTitle, message: somethingWentWrong },
    botCheckFailed,
    rateLimited: { title: "Too many requests", message: "Please wait a moment before submitting again." },
  },
  // SPEC.md section 9: the AI assessment uses the audit's key.
  rateLimit: auditForm.rateLimit,
  stored: { table: "form_submissions", formType: "AI Assessment Request" },
  inbox: { type: "ai-assessment", label: "AI assessment" },
  row: (lead) => ({
    table: "form_submissions",
    row: {
      form_type: "AI Assessment Request",
      name: lead.name,
      email: lead.email,
      company: lead.company,
      website: orNull(lead.website),
      // SPEC.md section 3: the message merges the two questions.
      message: `Current AI Usage: ${lead.currentAIUsage || NOT_SPECIFIED}\n\nGoals: ${lead.goals}`,
    },
  }),
  notification: { kind: "AI Assessment Request", heading: "New AI assessment request" },
  report: (row) => [
    reported(fields.name, row.name),
    reported(fields.email, row.email),
    reported(fields.company, row.company),
    reported(fields.website, row.website),
    reported({ name: "message", label: "Message", multiline: true }, row.message),
  ],
} satisfies LeadFormDefinition<"aiAssessment", typeof schema>;
