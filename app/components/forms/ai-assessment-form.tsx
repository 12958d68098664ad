import type { FormPageData } from "#app/forms/captcha-config.ts";
import { aiAssessmentForm, aiAssessmentSuccessToastMs } from "#app/forms/ai-assessment.ts";
import { useLeadForm } from "#app/forms/use-lead-form.ts";
import { TextAreaField, TextField, WhoFields } from "#app/components/forms/fields.tsx";
import { LeadFormFrame } from "#app/components/forms/lead-form-frame.tsx";

/** The free AI assessment request (SPEC.md: Free AI assessment). */
export function AiAssessmentForm({ page }: { page: FormPageData }) {
  const lead = useLeadForm({ definition: aiAssessmentForm, successToastMs: aiAssessmentSuccessToastMs });
  return (
    <LeadFormFrame lead={lead} page={page} submit="Get My Free AI Assessment">
      <div className="grid gap-5 sm:grid-cols-2">
        <WhoFields lead={lead} />
        <TextField lead={lead} name="website" label="Website" type="url" autoComplete="url" placeholder="https://yourcompany.co.za" />
      </div>
      <TextAreaField
        lead={lead}
        name="currentAIUsage"
        label="Current AI Usage"
        rows={3}
        placeholder="Which AI tools does your team use today, if any?"
      />
      <TextAreaField
        lead={lead}
        name="goals"
        label="Goals"
        required
        rows={4}
        placeholder="What would you like AI to do for your business?"
      />
    </LeadFormFrame>
  );
}
