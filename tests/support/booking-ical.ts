import ICAL from "ical.js";
import { decodeMime } from "#tests/support/leads.ts";

export interface ParsedInvitation {
  method: string;
  uid: string;
  sequence: number;
  status: string;
  summary: string;
  start: Date;
  end: Date;
  startZone: string;
  endZone: string;
  /** The start as the wall clock in its own zone, e.g. "2026-11-24T09:00:00". */
  startLocal: string;
  organizer: string;
  /** The organizer's parameters (CN and any other), names in lower case. */
  organizerParams: Record<string, unknown>;
  attendees: string[];
  /** Each attendee's parameters (CN, ROLE, ...), names in lower case. */
  attendeeParams: Array<Record<string, unknown>>;
  url: string;
}

/**
 * Reads an invitation back with ical.js, a parser independent of the `ics`
 * package that wrote it, resolving TZID through the file's own VTIMEZONE.
 */
export function parseInvitation(text: string): ParsedInvitation {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) {
    ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  }
  const vevent = calendar.getFirstSubcomponent("vevent");
  if (!vevent) throw new Error("no VEVENT in the invitation");
  const event = new ICAL.Event(vevent);
  // jCal's form of a property: [name, parameters, type, value].
  const params = (property: ICAL.Property | null) => (property?.toJSON()[1] ?? {}) as Record<string, unknown>;
  return {
    method: String(calendar.getFirstPropertyValue("method")),
    uid: event.uid,
    sequence: event.sequence,
    status: String(vevent.getFirstPropertyValue("status")),
    summary: event.summary,
    start: event.startDate.toJSDate(),
    end: event.endDate.toJSDate(),
    startZone: event.startDate.zone?.tzid ?? "",
    endZone: event.endDate.zone?.tzid ?? "",
    startLocal: event.startDate.toString(),
    organizer: String(vevent.getFirstPropertyValue("organizer")),
    organizerParams: params(vevent.getFirstProperty("organizer")),
    attendees: event.attendees.map((a) => String(a.getFirstValue())),
    attendeeParams: event.attendees.map(params),
    url: String(vevent.getFirstPropertyValue("url")),
  };
}

/** The text/calendar part of a mail, decoded. */
export function calendarPart(raw: string): string {
  const part = raw.split(/\r?\n--/).find((chunk) => /Content-Type: text\/calendar/i.test(chunk));
  if (!part) throw new Error("no text/calendar part in the message");
  const [headers, ...body] = part.split(/\r?\n\r?\n/);
  const content = body.join("\n\n").trim();
  if (/Content-Transfer-Encoding: base64/i.test(headers!)) return Buffer.from(content.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers!)) return decodeMime(content);
  return content;
}
