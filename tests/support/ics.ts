/**
 * Calendar texts for the busy-time tests: one VCALENDAR with the events given,
 * lines joined with CRLF as RFC 5545 writes them.
 */
export const NEW_YORK_ZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:America/New_York",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:-0500",
  "TZOFFSETTO:-0400",
  "DTSTART:20070311T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
  "TZNAME:EDT",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:-0400",
  "TZOFFSETTO:-0500",
  "DTSTART:20071104T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
  "TZNAME:EST",
  "END:STANDARD",
  "END:VTIMEZONE",
];

/** An event's lines; `extra` are further properties (RRULE, EXDATE, TRANSP...). Times as written in iCalendar. */
export function vevent(uid: string, start: string, end: string, extra: string[] = []): string[] {
  return [
    "BEGIN:VEVENT",
    `UID:${uid}`,
    "DTSTAMP:20260101T000000Z",
    `DTSTART${start}`,
    `DTEND${end}`,
    "SUMMARY:Busy",
    ...extra,
    "END:VEVENT",
  ];
}

export function vcalendar(...parts: string[][]): string {
  return ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ROI Media tests//EN", ...parts.flat(), "END:VCALENDAR", ""].join("\r\n");
}

/** "2027-03-02T08:00:00Z" as iCalendar's UTC form, "20270302T080000Z". */
export function icsUtc(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}
