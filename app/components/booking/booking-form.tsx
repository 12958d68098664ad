import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Form, useActionData, useFetcher } from "react-router";
import { toast } from "sonner";
import { z } from "../../lib/zod.ts";
import { BotCheck } from "~/components/forms/bot-check";
import { RequiredNote, SubmitButton, TextAreaField, TextField } from "~/components/forms/fields";
import { botFields, enhancedMarker } from "~/forms/bot-fields";
import type { CaptchaHandle, FormPageData } from "~/forms/captcha-config";
import type { FormKey } from "~/forms/form-keys";
import { captchaNotInitialized } from "~/forms/messages";
import { FailureNotice } from "./failure-notice";
import { type BookingFailure, bookingMessages, bookingSchema } from "./schema";
import { type SlotDay, SlotPicker } from "./slot-picker";

function isFailure(value: unknown): value is BookingFailure {
  return typeof value === "object" && value !== null && (value as BookingFailure).ok === false;
}

function firstErrors(errors: Record<string, string[] | undefined> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(errors ?? {}).flatMap(([name, list]) => (list?.[0] ? [[name, list[0]]] : [])));
}

/**
 * Book a Call: a day, a time, then who is calling. Without JavaScript it is a
 * plain post to the page's action, which answers with the page again (errors)
 * or a redirect to the booking. With JavaScript the schema checks the fields
 * first, the captcha's answer is added and a fetcher posts; a "just taken"
 * answer brings fresh times without leaving the page.
 */
export function BookingForm({ days, page }: { days: SlotDay[] | null; page: FormPageData }) {
  const baseId = useId();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const fetcher = useFetcher<BookingFailure>({ key: `booking-${baseId}` });
  const actionData = useActionData();
  const posted = isFailure(actionData) ? actionData : undefined;
  const answer = fetcher.data ?? posted;
  const formRef = useRef<HTMLFormElement>(null);
  const captchaRef = useRef<CaptchaHandle>(null);
  const [errors, setErrors] = useState<Record<string, string>>(() => firstErrors(posted?.fieldErrors));
  const [preparing, setPreparing] = useState(false);
  const busy = preparing || fetcher.state !== "idle";
  const lead = { baseId, errors, values: posted?.values, autoFocusName: Object.keys(posted?.fieldErrors ?? {})[0] };

  function focusFirst(names: string[]) {
    const form = formRef.current;
    if (!form) return;
    const target =
      names[0] === "slot"
        ? form.querySelector<HTMLElement>("input[name=day]:checked")
        : form.querySelector<HTMLElement>(`[name="${names[0]}"]`);
    target?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !formRef.current) return;
    const data = new FormData(formRef.current);
    const parsed = bookingSchema.safeParse(Object.fromEntries(data));
    if (!parsed.success) {
      const next = firstErrors(z.flattenError(parsed.error).fieldErrors);
      setErrors(next);
      focusFirst(Object.keys(next));
      return;
    }
    setErrors({});
    setPreparing(true);
    try {
      const token = captchaRef.current ? await captchaRef.current.token() : null;
      if (token === null) {
        toast.error(bookingMessages.failedTitle, { description: captchaNotInitialized });
        return;
      }
      data.set(botFields.captchaToken, token);
      data.set(botFields.enhanced, enhancedMarker);
      await fetcher.submit(data, { method: "post" });
    } finally {
      setPreparing(false);
    }
  }

  const handled = useRef<BookingFailure | null>(null);
  useEffect(() => {
    const failure = fetcher.data;
    if (fetcher.state !== "idle" || !failure || handled.current === failure) return;
    handled.current = failure;
    captchaRef.current?.reset();
    toast.error(failure.title, { description: failure.message });
    const next = firstErrors(failure.fieldErrors);
    setErrors(next);
    focusFirst(Object.keys(next));
  }, [fetcher.state, fetcher.data]);

  if (!days?.length) {
    return <p className="rounded-lg bg-slate-50 p-4 text-slate-700">{days ? bookingMessages.noSlots : bookingMessages.unavailable}</p>;
  }

  return (
    <Form ref={formRef} method="post" noValidate={hydrated} onSubmit={hydrated ? onSubmit : undefined} className="space-y-8">
      {answer && !hydrated && <FailureNotice failure={answer} autoFocus={!posted?.fieldErrors} />}
      <SlotPicker
        days={days}
        chosen={posted?.values?.slot}
        error={errors.slot}
        errorId={`${baseId}-slot-error`}
        idPrefix={`${baseId.replace(/[^\w-]/g, "")}-booking`}
      />

      <fieldset className="space-y-5">
        <legend className="text-base font-semibold text-ink">3. Your details</legend>
        <RequiredNote />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField lead={lead} name="name" label="Full Name" required autoComplete="name" />
          <TextField lead={lead} name="email" label="Email Address" type="email" required autoComplete="email" />
          <TextField lead={lead} name="company" label="Company Name" required autoComplete="organization" />
          <TextField lead={lead} name="phone" label="Phone" type="tel" autoComplete="tel" />
          <TextField
            lead={lead}
            name="website"
            label="Website"
            inputMode="url"
            autoComplete="url"
            placeholder="yourcompany.co.za"
            className="sm:col-span-2"
          />
        </div>
        <TextAreaField lead={lead} name="message" label="What would you like to discuss?" rows={4} />
      </fieldset>

      {/* The booking is its own form for the bot check; reCAPTCHA v3 records it under this action name. */}
      <BotCheck ref={captchaRef} form={"booking" as FormKey} captcha={page.captcha} formToken={page.formToken} />
      <SubmitButton busy={busy} busyText="Booking..." style={{ className: "w-full" }}>
        Book My Free Call
      </SubmitButton>
    </Form>
  );
}
