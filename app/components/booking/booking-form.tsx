import { Form } from "react-router";
import { BotCheck } from "#app/components/forms/bot-check.tsx";
import { RequiredNote, SubmitButton, TextAreaField, TextField, WhoFields } from "#app/components/forms/fields.tsx";
import { FormStatus } from "#app/components/forms/form-status.tsx";
import { bookingForm, bookingMessages, type SlotDay } from "#app/forms/booking.ts";
import type { FormPageData } from "#app/forms/captcha-config.ts";
import { useLeadForm } from "#app/forms/use-lead-form.ts";
import { SlotPicker } from "#app/components/booking/slot-picker.tsx";

export function BookingForm({ days, page }: { days: SlotDay[] | null; page: FormPageData }) {
  const lead = useLeadForm({ definition: bookingForm });
  const { fields } = bookingForm;

  if (!days?.length) {
    return <p className="rounded-lg bg-slate-50 p-4 text-slate-700">{days ? bookingMessages.noSlots : bookingMessages.unavailable}</p>;
  }

  return (
    <Form {...lead.formProps} className="space-y-8">
      <FormStatus result={lead.status} />
      <SlotPicker
        days={days}
        chosen={lead.values?.slot as string | undefined}
        error={lead.errors.slot}
        errorId={`${lead.baseId}-slot-error`}
        idPrefix={`${lead.baseId.replace(/[^\w-]/g, "")}-booking`}
      />

      <fieldset className="space-y-5">
        <legend className="text-base font-semibold text-ink">3. Your details</legend>
        <RequiredNote />
        <div className="grid gap-5 sm:grid-cols-2">
          <WhoFields lead={lead} fields={fields} />
          <TextField lead={lead} field={fields.phone} />
          <TextField lead={lead} field={fields.website} className="sm:col-span-2" />
        </div>
        <TextAreaField lead={lead} field={fields.message} rows={4} />
      </fieldset>

      {/* The visitor's time zone, for their reminders' times; without JavaScript they read SAST only. */}
      <input
        type="hidden"
        name="timeZone"
        ref={(input) => void (input && (input.value = Intl.DateTimeFormat().resolvedOptions().timeZone))}
      />

      <BotCheck ref={lead.captchaRef} form={bookingForm.key} page={page} />
      <SubmitButton busy={lead.busy} verifying={lead.verifying} busyText="Booking..." style={{ className: "w-full" }}>
        Book My Free Call
      </SubmitButton>
    </Form>
  );
}
