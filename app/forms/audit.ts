import { z } from "#app/lib/zod.ts";
import { commonFields } from "#app/forms/common-fields.ts";
import { formFields, type LeadFormDefinition, orNull, reported } from "#app/forms/definition.ts";
import { errorTitle } from "#app/forms/messages.ts";
import { auditBudgetOptions, chosenLabel, platformOptions, values } from "#app/forms/options.ts";
import { email, optionalChoice, requiredText } from "#app/forms/rules.ts";

const fields = formFields({
  name: { ...commonFields.name, required: true },
  email: { ...commonFields.email, required: true },
  website: { ...commonFields.website, label: "Website URL", required: true },
  budget: { label: "Monthly Ad Budget", required: true, options: auditBudgetOptions, placeholder: "Select your budget" },
  platform: { label: "Main Advertising Platform", shortLabel: "Platform", options: platformOptions, placeholder: "Select a platform" },
});

/** SPEC.md section 5. */
const schema = z.object({
  name: requiredText("Name is required", fields.name),
  email: email(fields.email, "Please enter a valid email address"),
  website: requiredText("Website is required", fields.website),
  budget: z.enum(values(auditBudgetOptions), { error: "Please select your budget range" }),
  platform: optionalChoice(values(platformOptions), "Please select a platform"),
});

const failure = { title: errorTitle, message: "Failed to submit audit request. Please try again." };

export const auditForm = {
  key: "audit",
  schema,
  fields,
  messages: {
    success: { title: "Success!", message: "Your free audit request has been submitted. We'll send your analysis within 2-4 hours." },
    failure,
    botCheckFailed: failure.message,
  },
  rateLimit: { key: "audit", max: 2, windowMinutes: 30 },
  stored: { table: "form_submissions", formType: "audit" },
  inbox: { type: "audit", label: "Free audit" },
  row: (lead) => ({
    table: "form_submissions",
    row: {
      form_type: "audit",
      name: lead.name,
      email: lead.email,
      website: lead.website,
      budget: lead.budget,
      platform: orNull(lead.platform),
    },
  }),
  notification: { kind: "Audit", heading: "New free audit request" },
  report: (row) => [
    reported(fields.name, row.name),
    reported(fields.email, row.email),
    reported(fields.website, row.website),
    reported(fields.budget, chosenLabel(auditBudgetOptions, row.budget)),
    reported(fields.platform, chosenLabel(platformOptions, row.platform)),
  ],
} satisfies LeadFormDefinition<"audit", typeof schema>;
