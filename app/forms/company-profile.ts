import { z } from "#app/lib/zod.ts";
import { companyProfileFields as fields } from "#app/forms/company-profile-fields.ts";
import { type LeadFormDefinition, orNull, reported } from "#app/forms/definition.ts";
import { checkTheFields, errorTitle, somethingWentWrong, botCheckFailed } from "#app/forms/messages.ts";
import { email, optionalText, requiredText } from "#app/forms/rules.ts";

/** SPEC.md section 5, "Two-step lead form". */
const step1 = z.object({
  name: requiredText("Name is required", fields.name),
  email: email(fields.email, "Invalid email address"),
});

const schema = z.extend(step1, {
  company: optionalText(fields.company),
  phone: optionalText(fields.phone),
});

export const companyProfileForm = {
  key: "companyProfile",
  schema,
  fields,
  steps: {
    form: "companyProfile",
    steps: [step1, z.object({})],
    failure: () => ({ title: errorTitle, message: checkTheFields }),
  },
  messages: {
    success: { title: "Success!", message: "Thank you! Your company profile download will start now." },
    failure: { title: errorTitle, message: somethingWentWrong },
    botCheckFailed,
  },
  rateLimit: { key: "companyProfile", max: 5, windowMinutes: 30 },
  stored: { table: "company_profile_leads" },
  inbox: { type: "company-profile", label: "Company profile" },
  row: (lead) => ({
    table: "company_profile_leads",
    row: { name: lead.name, email: lead.email, company: orNull(lead.company), phone: orNull(lead.phone) },
  }),
  notification: { kind: "CompanyProfile", heading: "Company profile downloaded" },
  report: (row) => [
    reported(fields.name, row.name),
    reported(fields.email, row.email),
    reported(fields.company, row.company),
    reported(fields.phone, row.phone),
  ],
} satisfies LeadFormDefinition<"companyProfile", typeof schema>;
