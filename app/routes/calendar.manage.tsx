import { BookingDetails, BookingNotice } from "#app/components/booking/booking-summary.tsx";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { bookingContent } from "#app/components/booking/content.ts";
import { FormStatus } from "#app/components/forms/form-status.tsx";
import { bookingForm, bookingMessages } from "#app/forms/booking.ts";
import type { LeadResult } from "#app/forms/lead-result.ts";
import { SlotPicker } from "#app/components/booking/slot-picker.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { leadClientAction } from "#app/forms/transport.ts";
import { changeBooking, manageState } from "#server/booking/calendar.server.ts";
import { clientAddressContext, servicesOf } from "#server/services.ts";
import type { Route } from "./+types/calendar.manage";
import { noStoreHeaders } from "#app/lib/cache-control.ts";

const events = ["booked", "moved", "changed"] as const;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const state = await manageState(servicesOf(context), params.token);
  const query = new URL(request.url).searchParams;
  const event = events.find((name) => query.has(name)) ?? null;
  const status = state.state === "invalid" ? 404 : state.state === "expired" ? 410 : 200;
  return data({ ...state, event }, { status, headers: noStoreHeaders });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return changeBooking(servicesOf(context), request, params.token, context.get(clientAddressContext));
}

export const clientAction = leadClientAction(bookingForm);
export { shouldRevalidate } from "#app/forms/transport.ts";

export { answerHeaders as headers } from "#app/lib/cache-control.ts";

// A booking's own page: never indexed.
export const meta: Route.MetaFunction = () => [
  { title: `${bookingContent.manage.title} | ROI Media` },
  { name: "description", content: bookingContent.manage.description },
  { name: "robots", content: "noindex, nofollow" },
  // The link is the key to the booking ("same-origin" still lets our own posts name their origin).
  { name: "referrer", content: "same-origin" },
];

export default function ManageBookingPage({ loaderData }: Route.ComponentProps) {
  const text = bookingContent.manage;
  const failure = useActionData() as LeadResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";

  if (loaderData.state !== "found") {
    const expired = loaderData.state === "expired";
    return (
      <div className="mx-auto max-w-3xl px-4 py-20 sm:px-6">
        <BookingNotice title={expired ? text.expired : text.invalid} lead={expired ? text.expiredLead : text.invalidLead} />
        <p className="mt-8 text-center">
          <Link to="/calendar" className={buttonClass({ size: "lg" })}>
            Book a call
          </Link>
        </p>
      </div>
    );
  }

  const { booking, days, event } = loaderData;
  const cancelled = booking.status === "cancelled";
  const heading = cancelled ? text.cancelled : event === "booked" ? text.booked : event === "moved" ? text.moved : text.title;
  const lead = cancelled
    ? text.cancelledLead
    : event === "booked"
      ? text.bookedLead
      : event === "moved"
        ? text.movedLead
        : event === "changed"
          ? bookingMessages.changed
          : `${booking.name}, here is your booking.`;

  return (
    <div className="mx-auto max-w-4xl px-4 py-16 sm:px-6">
      <BookingNotice title={heading} lead={lead} tone={cancelled ? "info" : "done"} />

      <BookingDetails booking={booking} />

      <FormStatus result={failure} className="mx-auto mt-6 max-w-xl" />

      {cancelled ? (
        <p className="mt-10 text-center">
          <Link to="/calendar" className={buttonClass({ size: "lg" })}>
            Book another time
          </Link>
        </p>
      ) : (
        <div className="mt-12 grid gap-10">
          <section aria-labelledby="move-title" className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8">
            <h2 id="move-title" className="text-2xl font-bold">
              {text.moveTitle}
            </h2>
            {days.length ? (
              <Form method="post" className="mt-6 space-y-6">
                <input type="hidden" name="intent" value="reschedule" />
                <input type="hidden" name="sequence" value={booking.sequence} />
                <SlotPicker
                  days={days}
                  error={failure && !failure.ok ? failure.fieldErrors?.slot?.[0] : undefined}
                  errorId="move-slot-error"
                  idPrefix="move"
                />
                <button type="submit" disabled={busy} className={buttonClass({ size: "lg" })}>
                  Move my call
                </button>
              </Form>
            ) : (
              <p className="mt-4 text-slate-600">There are no other free times in the next weeks.</p>
            )}
          </section>
          <section aria-labelledby="cancel-title" className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8">
            <h2 id="cancel-title" className="text-2xl font-bold">
              {text.cancelTitle}
            </h2>
            <p className="mt-2 text-slate-600">The time goes back to the calendar, and we both get a cancellation for our calendars.</p>
            <Form method="post" className="mt-6">
              <input type="hidden" name="intent" value="cancel" />
              <input type="hidden" name="sequence" value={booking.sequence} />
              <button type="submit" disabled={busy} className={buttonClass({ variant: "secondary", size: "lg" })}>
                Cancel my call
              </button>
            </Form>
          </section>
        </div>
      )}
    </div>
  );
}
