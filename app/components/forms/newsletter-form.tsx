import { Form, Link } from "react-router";
import type { FormPageData } from "#app/forms/captcha-config.ts";
import { newsletterConsent, newsletterForm } from "#app/forms/newsletter.ts";
import { useLeadForm } from "#app/forms/use-lead-form.ts";
import { BotCheck } from "#app/components/forms/bot-check.tsx";
import { SubmitButton, TextField } from "#app/components/forms/fields.tsx";
import { FormStatus } from "#app/components/forms/form-status.tsx";

export function NewsletterForm({ page, action }: { page: FormPageData; action?: string }) {
  const lead = useLeadForm({ definition: newsletterForm, action });
  return (
    <Form {...lead.formProps} className="space-y-4">
      <FormStatus result={lead.status} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField lead={lead} field={newsletterForm.fields.email} className="flex-1" />
        {/* Level with the input: below the label's line, as tall as the field. */}
        <SubmitButton
          busy={lead.busy}
          verifying={lead.verifying}
          busyText="Subscribing..."
          style={{ size: "md", className: "sm:mt-[1.625rem] sm:min-h-[2.625rem]" }}
        >
          Subscribe
        </SubmitButton>
      </div>
      {/* Kept with the subscription as it reads here. */}
      <p className="text-sm text-slate-600">
        {newsletterConsent}{" "}
        <Link to="/privacy" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
          Privacy notice
        </Link>
      </p>
      <BotCheck ref={lead.captchaRef} form="newsletter" page={page} />
    </Form>
  );
}
