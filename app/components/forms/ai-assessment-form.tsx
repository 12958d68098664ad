import type { FormPageData } from "#app/forms/captcha-config.ts";
import { aiAssessmentForm, aiAssessmentSuccessToastMs } from "#app/forms/ai-assessment.ts";
import { useLeadForm } from "#app/forms/use-lead-form.ts";
import { TextAreaField, TextField, WhoFields } from "#app/components/forms/fields.tsx";
import { LeadFormFrame } from "#app/components/forms/lead-form-frame.tsx";

export function AiAssessmentForm({ page }: { page: FormPageData }) {
  const lead = useLeadForm({ definition: aiAssessmentForm, successToastMs: aiAssessmentSuccessToastMs });
  const { fields } = aiAssessmentForm;
  return (
    <LeadFormFrame lead={lead} page={page} submit="Get My Free AI Assessment">
      <div className="grid gap-5 sm:grid-cols-2">
        <WhoFields lead={lead} fields={fields} />
        <TextField lead={lead} field={fields.website} />
      </div>
      <TextAreaField lead={lead} field={fields.currentAIUsage} rows={3} />
      <TextAreaField lead={lead} field={fields.goals} rows={4} />
    </LeadFormFrame>
  );
}
