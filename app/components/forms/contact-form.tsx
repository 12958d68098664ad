import type { FormPageData } from "#app/forms/captcha-config.ts";
import { contactBudgetOptions, contactInterestOptions } from "#app/forms/options.ts";
import { contactForm } from "#app/forms/contact.ts";
import { useLeadForm } from "#app/forms/use-lead-form.ts";
import { SelectField, TextAreaField, TextField, WhoFields } from "#app/components/forms/fields.tsx";
import { LeadFormFrame } from "#app/components/forms/lead-form-frame.tsx";

/** The contact page's lead form (SPEC.md: Contact form). */
export function ContactForm({ page }: { page: FormPageData }) {
  const lead = useLeadForm({ definition: contactForm });
  return (
    <LeadFormFrame lead={lead} page={page} submit="Get My Free ROI Analysis">
      <div className="grid gap-5 sm:grid-cols-2">
        <WhoFields lead={lead} />
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
    </LeadFormFrame>
  );
}
