import type { FormPageData } from "#app/forms/captcha-config.ts";
import { auditBudgetOptions, platformOptions } from "#app/forms/options.ts";
import { auditForm } from "#app/forms/audit.ts";
import { useLeadForm } from "#app/forms/use-lead-form.ts";
import { SelectField, TextField } from "#app/components/forms/fields.tsx";
import { LeadFormFrame } from "#app/components/forms/lead-form-frame.tsx";

/** The free audit request (SPEC.md: Free audit). */
export function AuditForm({ page }: { page: FormPageData }) {
  const lead = useLeadForm({ definition: auditForm });
  return (
    <LeadFormFrame lead={lead} page={page} submit="Get My Free Audit">
      <TextField lead={lead} name="name" label="Full Name" required autoComplete="name" />
      <TextField lead={lead} name="email" label="Email Address" type="email" required autoComplete="email" />
      <TextField
        lead={lead}
        name="website"
        label="Website URL"
        required
        inputMode="url"
        autoComplete="url"
        placeholder="yourcompany.co.za"
      />
      <SelectField
        lead={lead}
        name="budget"
        label="Monthly Ad Budget"
        required
        options={auditBudgetOptions}
        placeholder="Select your budget"
      />
      <SelectField
        lead={lead}
        name="platform"
        label="Main Advertising Platform"
        options={platformOptions}
        placeholder="Select a platform"
      />
    </LeadFormFrame>
  );
}
