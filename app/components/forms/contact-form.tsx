import { Form } from "react-router";
import type { FormPageData } from "~/forms/captcha-config";
import { contactBudgetOptions, contactInterestOptions } from "~/forms/options";
import { contactForm } from "~/forms/contact";
import { useLeadForm } from "~/forms/use-lead-form";
import { BotCheck } from "./bot-check";
import { RequiredNote, SelectField, SubmitButton, TextAreaField, TextField } from "./fields";
import { FormStatus } from "./form-status";

/** The contact page's lead form (SPEC.md: Contact form). */
export function ContactForm({ page }: { page: FormPageData }) {
  const lead = useLeadForm({ definition: contactForm });
  return (
    <Form {...lead.formProps} className="space-y-5">
      <FormStatus result={lead.status} />
      <RequiredNote />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField lead={lead} name="name" label="Full Name" required autoComplete="name" />
        <TextField lead={lead} name="email" label="Email Address" type="email" required autoComplete="email" />
        <TextField lead={lead} name="company" label="Company Name" required autoComplete="organization" />
        <TextField lead={lead} name="website" label="Website" inputMode="url" autoComplete="url" placeholder="yourcompany.co.za" />
        {/* SPEC.md: the budget is labelled required but not enforced. */}
        <SelectField
          lead={lead}
          name="budget"
          label="Monthly Ad Budget"
          markedRequired
          options={contactBudgetOptions}
          placeholder="Select your budget"
        />
        <SelectField lead={lead} name="service" label="Primary Interest" options={contactInterestOptions} placeholder="Select a service" />
      </div>
      <TextAreaField lead={lead} name="message" label="Tell us about your goals" rows={5} />
      <BotCheck ref={lead.captchaRef} form="contact" captcha={page.captcha} formToken={page.formToken} />
      <SubmitButton busy={lead.busy} verifying={lead.verifying} style={{ className: "w-full" }}>
        Get My Free ROI Analysis
      </SubmitButton>
    </Form>
  );
}
