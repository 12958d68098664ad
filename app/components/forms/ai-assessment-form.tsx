import { Form } from "react-router";
import type { FormPageData } from "~/forms/captcha-config";
import { aiAssessmentForm, aiAssessmentSuccessToastMs } from "~/forms/ai-assessment";
import { useLeadForm } from "~/forms/use-lead-form";
import { BotCheck } from "./bot-check";
import { RequiredNote, SubmitButton, TextAreaField, TextField } from "./fields";
import { FormStatus } from "./form-status";

/** The free AI assessment request (SPEC.md: Free AI assessment). */
export function AiAssessmentForm({ page }: { page: FormPageData }) {
  const lead = useLeadForm({ definition: aiAssessmentForm, successToastMs: aiAssessmentSuccessToastMs });
  return (
    <Form {...lead.formProps} className="space-y-5">
      <FormStatus result={lead.status} />
      <RequiredNote />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField lead={lead} name="name" label="Full Name" required autoComplete="name" />
        <TextField lead={lead} name="email" label="Email Address" type="email" required autoComplete="email" />
        <TextField lead={lead} name="company" label="Company Name" required autoComplete="organization" />
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
      <BotCheck ref={lead.captchaRef} form="aiAssessment" captcha={page.captcha} formToken={page.formToken} />
      <SubmitButton busy={lead.busy} verifying={lead.verifying} style={{ className: "w-full" }}>
        Get My Free AI Assessment
      </SubmitButton>
    </Form>
  );
}
