import { createEvent } from "ics";
import { SAST_TIME_ZONE, sastLocalStamp } from "#app/lib/sast.ts";

/** One call, one event everywhere. */
export const bookingUid = (bookingId: number, host: string) => `booking-${bookingId}@${host}`;

export interface InvitationDetails {
  // The same across a reschedule and a cancel, so calendars update the one event.
  uid: string;
  // RFC 5545 SEQUENCE.
  sequence: number;
  method: "REQUEST" | "CANCEL";
  start: Date;
  end: Date;
  title: string;
  description: string;
  url: string;
  location?: string | null;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  stamp: Date;
}

// South Africa keeps one offset all year, so a single STANDARD rule.
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

/** `ics` escapes a DQUOTE with a backslash, which RFC 5545 does not know: `Evil"; ROLE=CHAIR` would add a role. */
export function paramSafeName(name: string): string {
  // eslint-disable-next-line no-control-regex -- the control characters are what it replaces
  return name.replaceAll('"', "'").replace(/[\x00-\x1f\x7f]/g, " ");
}

/** `ics` writes UTC; times are given as SAST wall-clock with TZID, so the event reads 09:00 SAST everywhere. */
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
  // For a reproducible file: the stamp ics sets is the moment it ran.
  return withZone.replace(/^DTSTAMP:.*$/m, `DTSTAMP:${details.stamp.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`);
}
