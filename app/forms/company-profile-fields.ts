import { commonFields } from "#app/forms/common-fields.ts";
import { formFields } from "#app/forms/definition.ts";

/** Apart from the schema: the dialog's HTML first step is on every page, and imports these without zod. */
export const companyProfileFields = formFields({
  name: { ...commonFields.name, required: true },
  email: { ...commonFields.email, required: true },
  company: { ...commonFields.company, label: "Company Name (optional)" },
  phone: { ...commonFields.phone, label: "Phone Number (optional)" },
});
