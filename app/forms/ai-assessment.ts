import { z } from "#app/lib/zod.ts";
import { auditForm } from "#app/forms/audit.ts";
import { type LeadFormDefinition, NOT_SPECIFIED, orNull, reported } from "#app/forms/definition.ts";
import { botCheckFailed, errorTitle, somethingWentWrong } from "#app/forms/messages.ts";
import { email, fieldLimits, isWebsiteUrl, optionalText, requiredText, text, websiteUrlMessage } from "#app/forms/rules.ts";

/** The free AI assessment (/free-ai-assessment): name, email, company and goals required (SPEC.md section 5). */
const schema = z.object({
  name: requiredText("Name is required", "name", fieldLimits.name),
  email: email("Please enter a valid email address"),
  company: requiredText("Company is required", "company", fieldLimits.company),
  // An input of url type, so a web address when given, with JavaScript or without.
  website: z.optional(
    text("website", fieldLimits.website).check(z.refine((value) => value === "" || isWebsiteUrl(value), websiteUrlMessage)),
  ),
  currentAIUsage: optionalText("currentAIUsage", fieldLimits.longText),
  goals: requiredText("Please tell us your goals", "goals", fieldLimits.longText),
});

/** How long the success toast stays (SPEC.md section 9). */
export const aiAssessmentSuccessToastMs = 5000;

export const aiAssessmentForm = {
  key: "aiAssessment",
  schema,
  messages: {
    success: { title: "Success!", message: "Your AI assessment request has been submitted. We'll be in touch within 24 hours." },
    failure: { title: errorTitle, message: somethingWentWrong },
    botCheckFailed,
    // SPEC.md section 8's "Too many requests: Please wait a moment before submitting again.", as title and text.
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
    reported("Name", row.name),
    reported("Email", row.email),
    reported("Company", row.company),
    reported("Website", row.website),
    reported("Message", row.message, { multiline: true }),
  ],
} satisfies LeadFormDefinition<"aiAssessment", typeof schema>;
