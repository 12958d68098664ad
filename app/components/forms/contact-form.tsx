import type { FormPageData } from "#app/forms/captcha-config.ts";
import { contactForm } from "#app/forms/contact.ts";
import { useLeadForm } from "#app/forms/use-lead-form.ts";
import { SelectField, TextAreaField, TextField, WhoFields } from "#app/components/forms/fields.tsx";
import { LeadFormFrame } from "#app/components/forms/lead-form-frame.tsx";

export function ContactForm({ page }: { page: FormPageData }) {
  const lead = useLeadForm({ definition: contactForm });
  const { fields } = contactForm;
  return (
    <LeadFormFrame lead={lead} page={page} submit="Get My Free ROI Analysis">
      <div className="grid gap-5 sm:grid-cols-2">
        <WhoFields lead={lead} fields={fields} />
        <TextField lead={lead} field={fields.website} />
        <SelectField lead={lead} field={fields.budget} />
        <SelectField lead={lead} field={fields.service} />
      </div>
      <TextAreaField lead={lead} field={fields.message} rows={5} />
    </LeadFormFrame>
  );
}
