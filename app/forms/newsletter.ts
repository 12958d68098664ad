import { site } from "#app/config/site.ts";
import { z } from "#app/lib/zod.ts";
import { commonFields } from "#app/forms/common-fields.ts";
import { formFields, type LeadFormDefinition, reported } from "#app/forms/definition.ts";
import { errorTitle } from "#app/forms/messages.ts";
import { email } from "#app/forms/rules.ts";

const fields = formFields({
  email: { ...commonFields.email, label: "Email address", required: true, placeholder: "you@company.co.za" },
});

const schema = z.object({
  email: email(fields.email, "Please enter a valid email address"),
});

/** Kept word for word with the subscription as the proof of consent (POPIA section 69). */
export const newsletterConsent = `By subscribing you agree to receive ${site.name}'s weekly ROI insights by email. We first email you a link to confirm, and every email lets you unsubscribe in one click.`;

/** Limits on the confirmation mails, so nobody can use the form to mail a stranger repeatedly. */
export const newsletterRules = { confirmDays: 7, resendMinutes: 60, mailsPerSignup: 3 } as const;

/** SPEC.md section 3. */
const NEWSLETTER_NAME = "Newsletter Subscriber";

const failure = { title: errorTitle, message: "Failed to subscribe. Please try again." };

export const newsletterForm = {
  key: "newsletter",
  schema,
  fields,
  messages: {
    success: { title: "Success!", message: "Thanks for subscribing! You'll receive our weekly ROI insights." },
    failure,
    botCheckFailed: failure.message,
  },
  rateLimit: { key: "newsletter", max: 5, windowMinutes: 60 },
  stored: { table: "form_submissions", formType: "newsletter" },
  inbox: { type: "newsletter", label: "Newsletter" },
  row: (lead) => ({ table: "form_submissions", row: { form_type: "newsletter", name: NEWSLETTER_NAME, email: lead.email } }),
  notification: { kind: "Newsletter", heading: "New newsletter subscriber", anonymous: true },
  report: (row) => [reported(fields.email, row.email)],
} satisfies LeadFormDefinition<"newsletter", typeof schema>;
