import { Icon } from "#app/components/ui/icon.tsx";
import { showToast } from "#app/lib/toast.ts";
import { type FormEvent, useLayoutEffect, useRef, useState } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { buttonClass } from "#app/components/ui/button.ts";
import orderWizardPageScript from "#app/before-react/order-wizard-page-script.ts?inline-script";
import type { FormPageData } from "#app/forms/captcha-config.ts";
import { firstErrors } from "#app/forms/form-values.ts";
import { offerTiers, type ServiceKey, serviceOptions } from "#app/forms/options.ts";
import { orderForm, splitOrderMessage } from "#app/forms/order.ts";
import { orderButtonLabels, orderStepHeading, orderStepTitles } from "#app/forms/order-steps.ts";
import { fieldErrorsOf, stepField, stepIntent, stepOfErrors } from "#app/forms/steps.ts";
import { useLeadForm } from "#app/forms/use-lead-form.ts";
import { useNonce } from "#app/lib/build-stamps.ts";
import { firstPress } from "#app/before-react/hydration-on-intent.ts";
import { BotCheck } from "#app/components/forms/bot-check.tsx";
import {
  CheckboxGroup,
  fieldId,
  RequiredNote,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from "#app/components/forms/fields.tsx";
import { FormStatus } from "#app/components/forms/form-status.tsx";

function isServiceKey(value: unknown): value is ServiceKey {
  return serviceOptions.some((option) => option.value === value);
}

const text = (value: string | string[] | undefined) => (typeof value === "string" ? value : "");

/** Before React, the page script may have moved the wizard on (order-wizard-page-script.ts). */
function inDocument(id: string): string | undefined {
  if (typeof document === "undefined") return undefined;
  const control = document.getElementById(id);
  return control instanceof HTMLInputElement || control instanceof HTMLSelectElement ? control.value : undefined;
}

/** Every step's fields stay in the form; before React a page script moves between steps (decision 0042). `tiers`: as the pricing records offer them today. */
export function OrderWizard({ page, tiers }: { page: FormPageData; tiers: Readonly<Record<ServiceKey, readonly string[]>> }) {
  // The step schemas check the tier against these, as the server does against its records.
  offerTiers(tiers);
  const [params] = useSearchParams();
  const requested = params.get("service");
  const preselected = isServiceKey(requested) ? requested : "";

  const heading = useRef<HTMLHeadingElement>(null);
  const lead = useLeadForm({
    definition: orderForm,
    formatError: (message) => splitOrderMessage(message).message,
    onSuccess() {
      setService(preselected);
      setTier("");
      goTo(1);
    },
  });

  const { fields } = orderForm;
  const values = lead.values;
  const stepId = `${lead.baseId}-${stepField}`;
  const shownStep = () => Number(inDocument(stepId)) || undefined;
  const [step, setStep] = useState(
    () =>
      shownStep() ??
      lead.stepAnswer?.step ??
      (lead.result && !lead.result.ok ? (stepOfErrors(orderForm.steps, lead.result.fieldErrors) ?? 4) : 1),
  );
  const serviceId = fieldId(lead, fields.service.name);
  const tierId = fieldId(lead, fields.tier.name);
  const [service, setService] = useState<string>(() => inDocument(serviceId) ?? (text(values?.service) || preselected));
  const [tier, setTier] = useState(() => inDocument(tierId) ?? text(values?.tier));
  // A step or choice the script made since the first render is taken before a paint.
  useLayoutEffect(() => {
    setStep((current) => shownStep() ?? current);
    setService((current) => inDocument(serviceId) ?? current);
    setTier((current) => inDocument(tierId) ?? current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const last = orderStepTitles.length;
  const focusHeading = Boolean(lead.stepAnswer && !lead.stepAnswer.fieldErrors);

  function goTo(next: number) {
    setStep(next);
    requestAnimationFrame(() => heading.current?.focus());
  }

  function stepsValid(upTo: number): boolean {
    const current = lead.currentValues();
    for (let index = 0; index < upTo; index++) {
      const failed = fieldErrorsOf(orderForm.steps.steps[index]!, current);
      if (!failed) continue;
      const { title, message } = orderForm.steps.failure(index + 1, failed);
      showToast("error", title, { description: message });
      if (index + 1 !== step) setStep(index + 1);
      requestAnimationFrame(() => lead.showErrors(firstErrors(failed)));
      return false;
    }
    return true;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (lead.busy) return;
    const button = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const intent = button?.value ?? (step < last ? stepIntent.next : stepIntent.submit);
    if (intent === stepIntent.previous) {
      lead.clearErrors();
      return goTo(Math.max(1, step - 1));
    }
    if (!stepsValid(step)) return;
    lead.clearErrors();
    if (intent === stepIntent.next && step < last) return goTo(step + 1);
    void lead.post({ intent: stepIntent.submit }, button);
  }

  const tierOptions = service && isServiceKey(service) ? tiers[service] : [];
  const tierGroups = lead.hydrated
    ? undefined
    : serviceOptions.map((option) => (
        <optgroup key={option.value} label={option.label}>
          {tiers[option.value].map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </optgroup>
      ));

  const nonce = useNonce();
  return (
    <>
      <Form {...lead.formProps} onSubmit={onSubmit} className="space-y-8">
        <ol aria-label="Order progress" className="grid grid-cols-4 gap-2">
          {orderStepTitles.map((title, index) => {
            const number = index + 1;
            const done = number < step;
            return (
              <li
                key={title}
                aria-current={number === step ? "step" : undefined}
                data-done={done || undefined}
                className="group flex flex-col items-center gap-2 text-center"
              >
                <span
                  className={[
                    "flex size-10 items-center justify-center rounded-full bg-white text-sm font-bold text-slate-600 ring-2 ring-slate-300",
                    "group-aria-[current=step]:text-brand-700 group-aria-[current=step]:ring-brand-600",
                    "group-data-done:bg-brand-600 group-data-done:text-white group-data-done:ring-brand-600",
                  ].join(" ")}
                  aria-hidden="true"
                >
                  <span className="group-data-done:hidden">{number}</span>
                  <Icon name="check" className="hidden size-5 group-data-done:block" />
                </span>
                <span className="text-xs font-medium text-slate-600 group-aria-[current=step]:text-brand-700 sm:text-sm">
                  <span className="sr-only">Step {number}: </span>
                  {title}
                  <span className="sr-only" suppressHydrationWarning>
                    {done ? " (completed)" : ""}
                  </span>
                </span>
              </li>
            );
          })}
        </ol>

        <FormStatus result={lead.status} />

        <div>
          <h2
            ref={heading}
            tabIndex={-1}
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus={focusHeading}
            className="text-xl font-bold focus:outline-none"
            suppressHydrationWarning
          >
            {orderStepHeading(step)}
          </h2>
          <RequiredNote className="mt-1" />
        </div>

        <input type="hidden" id={stepId} name={stepField} value={step} />

        <div hidden={step !== 1} data-order-step={1} className="grid gap-5 sm:grid-cols-2">
          <TextField lead={lead} field={fields.name} enforced={step === 1} />
          <TextField lead={lead} field={fields.email} enforced={step === 1} />
          <TextField lead={lead} field={fields.phone} enforced={step === 1} />
          <TextField lead={lead} field={fields.company} enforced={step === 1} />
          <TextField lead={lead} field={fields.website} className="sm:col-span-2" />
        </div>

        <div hidden={step !== 2} data-order-step={2} className="space-y-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField
              lead={lead}
              field={fields.service}
              enforced={step === 2}
              value={service}
              onChange={(event) => {
                // SPEC.md: changing the primary service clears the chosen tier.
                setService(event.target.value);
                setTier("");
              }}
            />
            <SelectField
              lead={lead}
              field={fields.tier}
              enforced={step === 2}
              options={tierOptions}
              placeholder={lead.hydrated && !service ? "Select a service first" : undefined}
              value={tier}
              onChange={(event) => setTier(event.target.value)}
            >
              {tierGroups}
            </SelectField>
          </div>
          <CheckboxGroup lead={lead} field={fields.additionalServices} />
        </div>

        <div hidden={step !== 3} data-order-step={3} className="grid gap-5 sm:grid-cols-2">
          <TextField lead={lead} field={fields.industry} enforced={step === 3} />
          <SelectField lead={lead} field={fields.monthlyBudget} enforced={step === 3} />
          <TextAreaField lead={lead} field={fields.currentMarketing} rows={3} className="sm:col-span-2" />
          <TextAreaField lead={lead} field={fields.goals} enforced={step === 3} rows={3} className="sm:col-span-2" />
        </div>

        <div hidden={step !== 4} data-order-step={4} className="grid gap-5 sm:grid-cols-2">
          <SelectField lead={lead} field={fields.startDate} enforced={step === 4} />
          <TextField lead={lead} field={fields.teamSize} />
          <TextAreaField lead={lead} field={fields.currentChallenges} rows={3} className="sm:col-span-2" />
          <TextAreaField lead={lead} field={fields.additionalInfo} rows={3} className="sm:col-span-2" />
          <div className="sm:col-span-2">
            <BotCheck ref={lead.captchaRef} form="order" page={page} />
          </div>
        </div>

        {/* The main button comes first, so Enter moves forward; the page script sets its value before React. */}
        <div
          {...firstPress("script")}
          className="flex flex-row-reverse flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-6"
        >
          <SubmitButton
            busy={lead.busy}
            verifying={lead.verifying}
            name="intent"
            value={step < last ? stepIntent.next : stepIntent.submit}
            suppressHydrationWarning
          >
            {step < last ? orderButtonLabels.next : orderButtonLabels.submit}
          </SubmitButton>
          <button
            type="submit"
            name="intent"
            value={stepIntent.previous}
            formNoValidate
            disabled={step === 1 || lead.busy}
            className={buttonClass({ variant: "secondary", size: "lg" })}
          >
            Previous
          </button>
        </div>

        <p className="text-center text-sm text-slate-600">
          Questions before you order?{" "}
          <Link to="/contact" className="font-semibold text-brand-700 underline">
            Contact us
          </Link>
        </p>
      </Form>
      {/* Only the server writes the script (it runs once, as the page is parsed): its source stays out of the bundles. */}
      <script
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? orderWizardPageScript : "" }}
      />
    </>
  );
}
