import { createEvent } from "ics";
import { SAST_TIME_ZONE, sastLocalStamp } from "#app/lib/sast.ts";

/** The UID of a booked call's event (server/booking/mail.ts, calendar-write.ts): one call, one event everywhere. */
export const bookingUid = (bookingId: number, host: string) => `booking-${bookingId}@${host}`;

export interface InvitationDetails {
  /** Stays the same across a reschedule and a cancel, so calendars update the one event. */
  uid: string;
  /** Raised on every change of the booking (RFC 5545 SEQUENCE). */
  sequence: number;
  method: "REQUEST" | "CANCEL";
  start: Date;
  end: Date;
  title: string;
  description: string;
  /** Where the visitor manages the booking. */
  url: string;
  /** Where the call takes place: the consultant's meeting link. */
  location?: string | null;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  stamp: Date;
}

/**
 * South Africa keeps one offset all year, so its VTIMEZONE is a single
 * STANDARD rule; calendars show the call at its SAST wall-clock time.
 */
export const VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${SAST_TIME_ZONE}`,
  "BEGIN:STANDARD",
  "DTSTART:19700101T000000",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0200",
  "TZNAME:SAST",
  "END:STANDARD",
  "END:VTIMEZONE",
].join("\r\n");

/**
 * A name as an RFC 5545 parameter value. `ics` quotes it but escapes a DQUOTE
 * with a backslash, which the RFC does not know: `Evil"; ROLE=CHAIR` would end
 * the quotes and add a role. A quoted-string may hold anything but DQUOTE and
 * control characters (so `;`, `:` and `,` are safe inside the quotes `ics`
 * adds): a DQUOTE becomes an apostrophe, a control character a space.
 */
export function paramSafeName(name: string): string {
  // eslint-disable-next-line no-control-regex -- the control characters are what it replaces
  return name.replaceAll('"', "'").replace(/[\x00-\x1f\x7f]/g, " ");
}

/**
 * The iCalendar invitation (or cancellation) of a call, built by the `ics`
 * package. `ics` writes times in UTC; the start and end are then given as SAST
 * wall-clock times with TZID and the matching VTIMEZONE, so the event carries
 * its zone and reads 09:00 SAST in any calendar.
 */
export function invitation(details: InvitationDetails): string {
  const { error, value } = createEvent({
    uid: details.uid,
    sequence: details.sequence,
    method: details.method,
    productId: "-//ROI Media//Book a Call//EN",
    start: details.start.getTime(),
    end: details.end.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    endInputType: "utc",
    endOutputType: "utc",
    title: details.title,
    description: details.description,
    url: details.url,
    ...(details.location ? { location: details.location } : {}),
    status: details.method === "CANCEL" ? "CANCELLED" : "CONFIRMED",
    busyStatus: "BUSY",
    organizer: { ...details.organizer, name: paramSafeName(details.organizer.name) },
    // The visitor chose the time, so they have accepted it already.
    attendees: [
      { ...details.attendee, name: paramSafeName(details.attendee.name), rsvp: false, partstat: "ACCEPTED", role: "REQ-PARTICIPANT" },
    ],
  });
  if (error || !value) throw new Error(`Could not build the invitation: ${error?.message ?? "no output"}`);
  const withZone = value
    .replace(/^DTSTART:\d{8}T\d{6}Z$/m, `DTSTART;TZID=${SAST_TIME_ZONE}:${sastLocalStamp(details.start)}`)
    .replace(/^DTEND:\d{8}T\d{6}Z$/m, `DTEND;TZID=${SAST_TIME_ZONE}:${sastLocalStamp(details.end)}`)
    .replace("BEGIN:VEVENT", `${VTIMEZONE}\r\nBEGIN:VEVENT`);
  // The stamp ics sets is the moment it ran; use the booking's own for a reproducible file.
  return withZone.replace(/^DTSTAMP:.*$/m, `DTSTAMP:${details.stamp.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`);
}
