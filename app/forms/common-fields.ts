import type { FieldSpec } from "#app/forms/definition.ts";
import { fieldLimits } from "#app/forms/field-limits.ts";

export const commonFields = {
  name: { label: "Full Name", shortLabel: "Name", autoComplete: "name", maxLength: fieldLimits.name },
  email: { label: "Email Address", shortLabel: "Email", type: "email", autoComplete: "email", maxLength: fieldLimits.email },
  company: { label: "Company Name", shortLabel: "Company", autoComplete: "organization", maxLength: fieldLimits.company },
  phone: { label: "Phone Number", shortLabel: "Phone", type: "tel", autoComplete: "tel", maxLength: fieldLimits.phone },
  // No format check where it is a text input (SPEC.md section 5).
  website: {
    label: "Website",
    shortLabel: "Website",
    inputMode: "url",
    autoComplete: "url",
    placeholder: "yourcompany.co.za",
    maxLength: fieldLimits.website,
  },
} as const satisfies Record<string, FieldSpec>;
