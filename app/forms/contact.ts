import { z } from "#app/lib/zod.ts";
import { type LeadFormDefinition, orNull, reported } from "#app/forms/definition.ts";
import { errorTitle } from "#app/forms/messages.ts";
import { chosenLabel, contactBudgetOptions, contactInterestOptions, values } from "#app/forms/options.ts";
import { email, fieldLimits, optionalChoice, requiredText, text, websiteField } from "#app/forms/rules.ts";

/** The contact form (/contact), as in use: name, email and company required (SPEC.md section 5). */
const schema = z.object({
  name: requiredText("Name is required", "name", fieldLimits.name),
  email: email("Please enter a valid email address"),
  company: requiredText("Company is required", "company", fieldLimits.company),
  website: websiteField,
  budget: optionalChoice(values(contactBudgetOptions), "Please select your budget range"),
  service: optionalChoice(values(contactInterestOptions), "Please select your primary interest"),
  message: z.optional(text("message", fieldLimits.message, { tooLongMessage: "Message must be less than 1000 characters" })),
});

const failure = { title: errorTitle, message: "Failed to submit form. Please try again." };

export const contactForm = {
  key: "contact",
  schema,
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
    reported("Name", row.name),
    reported("Email", row.email),
    reported("Company", row.company),
    reported("Website", row.website),
    reported("Monthly Ad Budget", chosenLabel(contactBudgetOptions, row.budget)),
    reported("Primary Interest", chosenLabel(contactInterestOptions, row.service)),
    reported("Message", row.message, { multiline: true }),
  ],
} satisfies LeadFormDefinition<"contact", typeof schema>;
