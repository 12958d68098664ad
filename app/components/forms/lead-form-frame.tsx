import type { ReactNode } from "react";
import { Form } from "react-router";
import type { FormPageData } from "~/forms/captcha-config";
import type { LeadForm } from "~/forms/use-lead-form";
import { BotCheck } from "./bot-check";
import { RequiredNote, SubmitButton } from "./fields";
import { FormStatus } from "./form-status";

/**
 * What every one-page lead form has around its fields: the answer to a post
 * made without JavaScript, the required-fields note, the bot check and the
 * full-width submit button.
 */
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
