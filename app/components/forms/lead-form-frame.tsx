import type { ReactNode } from "react";
import { Form } from "react-router";
import type { FormPageData } from "#app/forms/captcha-config.ts";
import type { LeadForm } from "#app/forms/use-lead-form.ts";
import { BotCheck } from "#app/components/forms/bot-check.tsx";
import { RequiredNote, SubmitButton } from "#app/components/forms/fields.tsx";
import { FormStatus } from "#app/components/forms/form-status.tsx";

export function LeadFormFrame({
  lead,
  page,
  submit,
  children,
}: {
  lead: LeadForm;
  page: FormPageData;
  submit: ReactNode;
  children: ReactNode;
}) {
  return (
    <Form {...lead.formProps} className="space-y-5">
      <FormStatus result={lead.status} />
      <RequiredNote />
      {children}
      <BotCheck ref={lead.captchaRef} form={lead.form} page={page} />
      <SubmitButton busy={lead.busy} verifying={lead.verifying} style={{ className: "w-full" }}>
        {submit}
      </SubmitButton>
    </Form>
  );
}
