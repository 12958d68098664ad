import { type DAVCalendar, deleteCalendarObject, updateCalendarObject } from "tsdav";
import { site } from "#app/config/site.ts";
import type { ContactContent } from "#app/content/contact-details.ts";
import type { OutboxMessage } from "#server/outbox/store.ts";
import { DeliveryError, type Sender } from "#server/outbox/worker.ts";
import { type Budget, budgetOf, type CalDavSource, httpWords, openCalDav, type ReadLimits, reason } from "#server/booking/calendar-read.ts";
import type { Consultant } from "#server/booking/consultants.ts";
import { bookingUid, invitation } from "#server/booking/invitation.ts";
import { CALL_TITLE } from "#server/booking/mail.ts";
import type { Booking } from "#server/booking/store.ts";

export function writableCalendar(consultant: Consultant | undefined): CalDavSource | undefined {
  return consultant?.calendars.find((source): source is CalDavSource => source.kind === "caldav");
}

export const leadPage = (siteUrl: string, leadId: number | null | undefined) => `${siteUrl}/admin${leadId ? `/leads/${leadId}` : ""}`;

/** Their private feed (calendar-feed.ts) serves the same event, so a calendar holding both shows it once. */
export function calendarEvent(booking: Booking, consultant: Consultant, siteUrl: string, leadUrl: string, contact: ContactContent): string {
  const host = new URL(siteUrl).hostname;
  const description = [
    `${CALL_TITLE}, booked at /calendar.`,
    `Company: ${booking.company}`,
    booking.phone ? `Phone: ${booking.phone}` : null,
    booking.website ? `Website: ${booking.website}` : null,
    booking.message ? `What to discuss: ${booking.message}` : null,
    consultant.meetingLink ? `Join: ${consultant.meetingLink}` : null,
    `The booking in the inbox: ${leadUrl}`,
  ]
    .filter(Boolean)
    .join("\n");
  const text = invitation({
    // The same UID as the visitor's invitation: one call, one event, in either calendar.
    uid: bookingUid(booking.id, host),
    sequence: booking.sequence,
    method: "REQUEST",
    start: booking.slot_start,
    end: booking.slot_end,
    title: `${booking.name} (${booking.company}): ${CALL_TITLE}`,
    description,
    url: leadUrl,
    location: consultant.meetingLink,
    organizer: { name: site.name, email: contact.email },
    attendee: { name: booking.name, email: booking.email },
    stamp: booking.updated_at,
  });
  // RFC 4791: an object stored in a calendar carries no METHOD.
  return text.replace(/^METHOD:.*\r\n/m, "");
}

/** Syncs to the booking as it is when sent, so retries and messages sent out of order end the same. */
export function calendarSender(deps: {
  find(id: number): Promise<Booking | undefined>;
  consultants: readonly Consultant[];
  limits: ReadLimits;
  siteUrl: string;
  leadUrl(bookingId: number): Promise<string>;
  /** The live contact details, the event's organizer as it is written (decision 0052). */
  contact(): ContactContent;
}): Sender {
  const consultantOf = (id: string | null) => deps.consultants.find((c) => c.id === id);
  const objectName = (booking: { id: number }) => `booking-${booking.id}.ics`;

  /** A call written before calls went into the first named calendar is found wherever it landed. */
  async function remove(source: CalDavSource, bookingId: number, budget: Budget, keep?: DAVCalendar): Promise<void> {
    const { calendars, davFetch } = await openCalDav(source, budget);
    const held = source.calendars ? calendars : calendars.slice(0, 1);
    // By address: this is a second look at the account, whose calendars are objects of their own.
    for (const calendar of held.filter((c) => c.url !== keep?.url)) {
      const response = await deleteCalendarObject({
        calendarObject: { url: new URL(objectName({ id: bookingId }), calendar.url).href, etag: "" },
        headers: {},
        fetch: davFetch,
      });
      // Only the calendar calls go into must answer: the others were looked in, in case.
      if (!response.ok && response.status !== 404 && calendar === calendars[0]) throw new DeliveryError(httpWords(response.status));
    }
  }

  async function write(source: CalDavSource, booking: Booking, consultant: Consultant, budget: Budget): Promise<void> {
    const { calendars, davFetch } = await openCalDav(source, budget);
    const calendar = calendars[0]!;
    const response = await updateCalendarObject({
      calendarObject: {
        url: new URL(objectName(booking), calendar.url).href,
        data: calendarEvent(booking, consultant, deps.siteUrl, await deps.leadUrl(booking.id), deps.contact()),
        etag: "",
      },
      headers: {},
      fetch: davFetch,
    });
    if (!response.ok) throw new DeliveryError(httpWords(response.status));
    if (source.calendars && calendars.length > 1) await remove(source, booking.id, budget, calendar);
  }

  return async (message: OutboxMessage) => {
    const booking = await deps.find(message.lead_id);
    const budget = budgetOf(deps.limits);
    try {
      const { previous } = JSON.parse(message.text_body) as { previous: string | null };
      const before = writableCalendar(consultantOf(previous));
      if (!booking) {
        if (before) await remove(before, message.lead_id, budget);
        return;
      }
      if (before && previous !== booking.consultant) await remove(before, booking.id, budget);
      const consultant = consultantOf(booking.consultant);
      const source = writableCalendar(consultant);
      if (!consultant || !source) return;
      if (booking.status === "cancelled") await remove(source, booking.id, budget);
      else await write(source, booking, consultant, budget);
    } catch (error) {
      if (error instanceof DeliveryError) throw error;
      // The outbox keeps this as the message's last error, so it names no address or password.
      throw new DeliveryError(reason(error, budget));
    }
  };
}
