import { Form } from "react-router";
import type { FormPageData } from "~/forms/captcha-config";
import { auditBudgetOptions, platformOptions } from "~/forms/options";
import { auditForm } from "~/forms/audit";
import { useLeadForm } from "~/forms/use-lead-form";
import { BotCheck } from "./bot-check";
import { RequiredNote, SelectField, SubmitButton, TextField } from "./fields";
import { FormStatus } from "./form-status";

/** The free audit request (SPEC.md: Free audit). */
export function AuditForm({ page }: { page: FormPageData }) {
  const lead = useLeadForm({ definition: auditForm });
  return (
    <Form {...lead.formProps} className="space-y-5">
      <FormStatus result={lead.status} />
      <RequiredNote />
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
      <BotCheck ref={lead.captchaRef} form="audit" captcha={page.captcha} formToken={page.formToken} />
      <SubmitButton busy={lead.busy} verifying={lead.verifying} style={{ className: "w-full" }}>
        Get My Free Audit
      </SubmitButton>
    </Form>
  );
}
