import type { FormPageData } from "#app/forms/captcha-config.ts";
import { auditForm } from "#app/forms/audit.ts";
import { useLeadForm } from "#app/forms/use-lead-form.ts";
import { SelectField, TextField } from "#app/components/forms/fields.tsx";
import { LeadFormFrame } from "#app/components/forms/lead-form-frame.tsx";

export function AuditForm({ page }: { page: FormPageData }) {
  const lead = useLeadForm({ definition: auditForm });
  const { fields } = auditForm;
  return (
    <LeadFormFrame lead={lead} page={page} submit="Get My Free Audit">
      <TextField lead={lead} field={fields.name} />
      <TextField lead={lead} field={fields.email} />
      <TextField lead={lead} field={fields.website} />
      <SelectField lead={lead} field={fields.budget} />
      <SelectField lead={lead} field={fields.platform} />
    </LeadFormFrame>
  );
}
