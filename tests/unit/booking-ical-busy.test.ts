import { describe, expect, it } from "vitest";
import { busyFromIcs, CalendarDataError } from "#server/booking/ical-busy.ts";
import { NEW_YORK_ZONE, vcalendar, vevent } from "#tests/support/ics.ts";

const from = new Date("2027-03-01T00:00:00Z");
const to = new Date("2027-03-29T00:00:00Z");
const iso = (busy: Array<{ start: number; end: number }>) =>
  busy.map((b) => `${new Date(b.start).toISOString()}/${new Date(b.end).toISOString()}`).sort();

describe("busy times from iCalendar", () => {
  it("reads a single event in UTC and one in a zone its file defines", () => {
    const text = vcalendar(
      vevent("a", ":20270302T080000Z", ":20270302T090000Z"),
      NEW_YORK_ZONE,
      // 10:00 in New York on 16 March 2027 (EDT, UTC-4) is 14:00 UTC.
      vevent("b", ";TZID=America/New_York:20270316T100000", ";TZID=America/New_York:20270316T103000"),
    );
    expect(iso(busyFromIcs(text, from, to))).toEqual([
      "2027-03-02T08:00:00.000Z/2027-03-02T09:00:00.000Z",
      "2027-03-16T14:00:00.000Z/2027-03-16T14:30:00.000Z",
    ]);
  });

  it("reads an IANA TZID without VTIMEZONE in that zone, and a floating time as SAST", () => {
    const text = vcalendar(
      vevent("a", ";TZID=Europe/London:20270302T090000", ";TZID=Europe/London:20270302T093000"),
      vevent("b", ":20270303T090000", ":20270303T093000"),
    );
    expect(iso(busyFromIcs(text, from, to))).toEqual([
      "2027-03-02T09:00:00.000Z/2027-03-02T09:30:00.000Z",
      "2027-03-03T07:00:00.000Z/2027-03-03T07:30:00.000Z",
    ]);
  });

  it("expands a weekly event with an EXDATE, a moved and a cancelled occurrence, from a start years before", () => {
    const text = vcalendar(
      vevent("w", ":20200302T080000Z", ":20200302T083000Z", ["RRULE:FREQ=WEEKLY;BYDAY=TU", "EXDATE:20270309T080000Z"]),
      vevent("w", ":20270316T120000Z", ":20270316T123000Z", ["RECURRENCE-ID:20270316T080000Z"]),
      vevent("w", ":20270323T080000Z", ":20270323T083000Z", ["RECURRENCE-ID:20270323T080000Z", "STATUS:CANCELLED"]),
    );
    expect(iso(busyFromIcs(text, from, to))).toEqual([
      "2027-03-02T08:00:00.000Z/2027-03-02T08:30:00.000Z",
      "2027-03-16T12:00:00.000Z/2027-03-16T12:30:00.000Z",
    ]);
  });

  it("takes an all-day event as the whole SAST day, and leaves free and cancelled events out", () => {
    const text = vcalendar(
      vevent("d", ";VALUE=DATE:20270304", ";VALUE=DATE:20270305"),
      vevent("f", ";VALUE=DATE:20270305", ";VALUE=DATE:20270306", ["TRANSP:TRANSPARENT"]),
      vevent("c", ":20270305T080000Z", ":20270305T090000Z", ["STATUS:CANCELLED"]),
    );
    expect(iso(busyFromIcs(text, from, to))).toEqual(["2027-03-03T22:00:00.000Z/2027-03-04T22:00:00.000Z"]);
  });

  it("walks a rule of years past from near the range, gives the same occurrences, and refuses garbage and endless walks", () => {
    // Monthly on the second Tuesday since 2001, every 2 weeks since 2019: walked from near March 2027.
    const text = vcalendar(
      vevent("m", ":20010313T100000Z", ":20010313T110000Z", ["RRULE:FREQ=MONTHLY;BYDAY=2TU"]),
      vevent("f", ":20190305T120000Z", ":20190305T130000Z", ["RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU"]),
    );
    expect(iso(busyFromIcs(text, from, to))).toEqual(
      [
        "2027-03-09T10:00:00.000Z/2027-03-09T11:00:00.000Z",
        // 2027-03-09 is 418 weeks after 2019-03-05, an even number: then every second Tuesday.
        "2027-03-09T12:00:00.000Z/2027-03-09T13:00:00.000Z",
        "2027-03-23T12:00:00.000Z/2027-03-23T13:00:00.000Z",
      ].sort(),
    );
    expect(() => busyFromIcs("<html>not a calendar</html>", from, to)).toThrow(CalendarDataError);
    // One event with a broken time is left out; the others stand.
    const oneBroken = vcalendar(vevent("x", ":2027030T0800Z", ":20270302T090000Z"), vevent("a", ":20270302T080000Z", ":20270302T090000Z"));
    expect(iso(busyFromIcs(oneBroken, from, to))).toEqual(["2027-03-02T08:00:00.000Z/2027-03-02T09:00:00.000Z"]);
    const minutely = vcalendar(vevent("m", ":19900101T000000Z", ":19900101T000100Z", ["RRULE:FREQ=MINUTELY;INTERVAL=30"]));
    expect(busyFromIcs(minutely, from, to)).toHaveLength(28 * 48);
    const hourlyCount = vcalendar(vevent("h", ":19900101T000000Z", ":19900101T000100Z", ["RRULE:FREQ=HOURLY;COUNT=1000000"]));
    expect(() => busyFromIcs(hourlyCount, from, to)).toThrow(/occurrences/);
  });
});
