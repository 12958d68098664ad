import { Icon } from "#app/components/ui/icon.tsx";
import { type FormEvent, useState } from "react";
import { Form } from "react-router";
import { buttonClass } from "#app/components/ui/button.ts";
import type { FormPageData } from "#app/forms/captcha-config.ts";
import { companyProfilePath, companyProfilePdf, downloadCompanyProfile } from "#app/forms/company-profile-pdf.ts";
import { companyProfileForm } from "#app/forms/company-profile.ts";
import { stepField, stepIntent, stepOfErrors } from "#app/forms/steps.ts";
import { TRANSPORT_FAILURE } from "#app/forms/transport.ts";
import { useLeadForm } from "#app/forms/use-lead-form.ts";
import { BotCheck } from "#app/components/forms/bot-check.tsx";
import { fieldId, RequiredNote, SubmitButton, TextField } from "#app/components/forms/fields.tsx";
import { FormStatus } from "#app/components/forms/form-status.tsx";

export function CompanyProfileForm({ page, onFinished }: { page: FormPageData; onFinished?: (ok: boolean) => void }) {
  const lead = useLeadForm({
    definition: companyProfileForm,
    action: companyProfilePath,
    onSuccess() {
      downloadCompanyProfile();
      startOver();
      onFinished?.(true);
    },
    onFailure(result) {
      // SPEC.md: reset at the end either way; a post lost in transit got no answer, so the visitor keeps what they typed.
      if (!result.ok && result.reason === TRANSPORT_FAILURE) return;
      startOver();
      requestAnimationFrame(() => document.getElementById(fieldId(lead, "name"))?.focus());
      onFinished?.(false);
    },
  });

  const [step, setStep] = useState(
    () =>
      lead.stepAnswer?.step ??
      (lead.result && !lead.result.ok ? (stepOfErrors(companyProfileForm.steps, lead.result.fieldErrors) ?? 2) : 1),
  );
  function startOver() {
    lead.formRef.current?.reset();
    lead.clearErrors();
    setStep(1);
  }
  const succeeded = lead.result?.ok === true;
  const { fields } = companyProfileForm;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const intent = ((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value;
    if (intent === stepIntent.next) {
      event.preventDefault();
      const failed = lead.check(companyProfileForm.steps.steps[0]!, lead.currentValues());
      if (failed) return lead.showErrors(failed);
      lead.clearErrors();
      setStep(2);
      requestAnimationFrame(() => document.getElementById(fieldId(lead, "company"))?.focus());
      return;
    }
    if (intent === stepIntent.previous) {
      event.preventDefault();
      setStep(1);
      requestAnimationFrame(() => document.getElementById(fieldId(lead, "name"))?.focus());
      return;
    }
    lead.formProps.onSubmit(event);
  }

  return (
    <Form {...lead.formProps} action={companyProfilePath} onSubmit={onSubmit} className="space-y-5">
      <FormStatus result={lead.status}>
        {succeeded && (
          <a href={companyProfilePdf.path} download={companyProfilePdf.fileName} className={buttonClass({ size: "sm", className: "mt-3" })}>
            <Icon name="download" className="size-4" /> Download PDF
          </a>
        )}
      </FormStatus>
      <p className="text-sm font-medium text-brand-700">Step {step} of 2</p>
      <input type="hidden" name={stepField} value={step} />
      <div hidden={step !== 1} className="space-y-5">
        <RequiredNote />
        <TextField lead={lead} field={fields.name} enforced={step === 1} />
        <TextField lead={lead} field={fields.email} enforced={step === 1} />
      </div>
      <div hidden={step !== 2} className="space-y-5">
        <TextField lead={lead} field={fields.company} />
        <TextField lead={lead} field={fields.phone} />
        <BotCheck ref={lead.captchaRef} form="companyProfile" page={page} hidden />
      </div>
      {/* The step's main button comes first, so Enter in a field continues rather than goes back. */}
      {step === 1 ? (
        <button type="submit" name="intent" value={stepIntent.next} className={buttonClass({ size: "lg", className: "w-full" })}>
          Continue
        </button>
      ) : (
        <div className="flex flex-row-reverse gap-3">
          <SubmitButton busy={lead.busy} verifying={lead.verifying} name="intent" value={stepIntent.submit} style={{ className: "flex-1" }}>
            <Icon name="download" className="size-5" /> Download PDF
          </SubmitButton>
          <button
            type="submit"
            name="intent"
            value={stepIntent.previous}
            formNoValidate
            disabled={lead.busy}
            className={buttonClass({ variant: "secondary", size: "lg" })}
          >
            Back
          </button>
        </div>
      )}
    </Form>
  );
}
