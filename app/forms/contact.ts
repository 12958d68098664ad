import { z } from "#app/lib/zod.ts";
import { commonFields } from "#app/forms/common-fields.ts";
import { formFields, type LeadFormDefinition, orNull, reported } from "#app/forms/definition.ts";
import { errorTitle } from "#app/forms/messages.ts";
import { chosenLabel, contactBudgetOptions, contactInterestOptions, values } from "#app/forms/options.ts";
import { fieldLimits } from "#app/forms/field-limits.ts";
import { email, optionalChoice, optionalText, requiredText, text } from "#app/forms/rules.ts";

const fields = formFields({
  name: { ...commonFields.name, required: true },
  email: { ...commonFields.email, required: true },
  company: { ...commonFields.company, required: true },
  website: commonFields.website,
  // SPEC.md section 5: the budget is labelled required but not enforced.
  budget: { label: "Monthly Ad Budget", markedRequired: true, options: contactBudgetOptions, placeholder: "Select your budget" },
  service: { label: "Primary Interest", options: contactInterestOptions, placeholder: "Select a service" },
  message: { label: "Tell us about your goals", shortLabel: "Message", multiline: true, maxLength: fieldLimits.message },
});

/** SPEC.md section 5. */
const schema = z.object({
  name: requiredText("Name is required", fields.name),
  email: email(fields.email, "Please enter a valid email address"),
  company: requiredText("Company is required", fields.company),
  website: optionalText(fields.website),
  budget: optionalChoice(values(contactBudgetOptions), "Please select your budget range"),
  service: optionalChoice(values(contactInterestOptions), "Please select your primary interest"),
  message: z.optional(text(fields.message, { tooLongMessage: "Message must be less than 1000 characters" })),
});

const failure = { title: errorTitle, message: "Failed to submit form. Please try again." };

export const contactForm = {
  key: "contact",
  schema,
  fields,
  messages: {
    success: { title: "Success!", message: "Thank you for your message. We'll get back to you within 2-4 hours." },
    failure,
    // SPEC.md section 8: a refused bot check reads as the form's own failure.
    botCheckFailed: failure.message,
  },
  rateLimit: { key: "contact", max: 3, windowMinutes: 15 },
  stored: { table: "form_submissions", formType: "contact" },
  inbox: { type: "contact", label: "Contact" },
  row: (lead) => ({
    table: "form_submissions",
    row: {
      form_type: "contact",
      name: lead.name,
      email: lead.email,
      company: lead.company,
      website: orNull(lead.website),
      budget: orNull(lead.budget),
      service: orNull(lead.service),
      message: orNull(lead.message),
    },
  }),
  notification: { kind: "Contact", heading: "New contact form message" },
  report: (row) => [
    reported(fields.name, row.name),
    reported(fields.email, row.email),
    reported(fields.company, row.company),
    reported(fields.website, row.website),
    reported(fields.budget, chosenLabel(contactBudgetOptions, row.budget)),
    reported(fields.service, chosenLabel(contactInterestOptions, row.service)),
    reported(fields.message, row.message),
  ],
} satisfies LeadFormDefinition<"contact", typeof schema>;
