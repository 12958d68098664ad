import { describe, expect, it } from "vitest";
import { sourceKey } from "#server/booking/calendar-read.ts";
import { outagesOf } from "#server/booking/calendar-outages.ts";
import type { Consultant } from "#server/booking/consultants.ts";

/** Calendars fail closed (server/booking/calendar-outages.ts): who is offered for no slot, from each calendar's last read. */
const MINUTE = 60_000;
const STALE = 60 * MINUTE;
const now = new Date("2027-03-02T10:00:00Z");
const ago = (minutes: number) => new Date(now.getTime() - minutes * MINUTE);

const consultant = (id: string, calendars: Consultant["calendars"]): Consultant => ({
  id,
  name: id,
  meetingLink: null,
  email: null,
  hours: [],
  calendars,
});
const feed = (n: number) => ({ kind: "ical" as const, url: `https://calendar.example.com/${n}.ics` });
const row = (c: Consultant, n: number, read: { ok?: Date | null; failing?: Date | null; checked?: Date }) => ({
  key: sourceKey(c.id, c.calendars[n]!),
  checked_at: read.checked ?? now,
  ok_at: read.ok ?? null,
  failing_since: read.failing ?? null,
  error: read.failing ? "the calendar server failed (HTTP 503)" : null,
});

describe("who is offered for no slot", () => {
  const ana = consultant("ana", [feed(1), feed(2)]);
  const ben = consultant("ben", []);

  it("offers a consultant whose every calendar was read within CALENDAR_STALE_MINUTES, and one without calendars", () => {
    const rows = [row(ana, 0, { ok: ago(59) }), row(ana, 1, { ok: ago(1), failing: null })];
    expect(outagesOf([ana, ben], rows, now, STALE)).toEqual([]);
  });

  it("offers no slot of one whose calendar was never read, from its first failed read, or not read yet at all", () => {
    const failed = outagesOf([ana], [row(ana, 0, { ok: ago(1) }), row(ana, 1, { failing: ago(5), checked: ago(0) })], now, STALE);
    expect(failed).toEqual([
      {
        consultant: { id: "ana", name: "ana" },
        since: ago(5),
        calendars: [
          { label: "iCal feed at calendar.example.com", okAt: null, failingSince: ago(5), error: "the calendar server failed (HTTP 503)" },
        ],
      },
    ]);
    expect(outagesOf([ana], [row(ana, 0, { ok: ago(1) })], now, STALE)[0]).toMatchObject({ since: null });
  });

  it("offers no slot of one whose calendar failed for longer than the setting, from the moment it went stale", () => {
    const rows = [row(ana, 0, { ok: ago(61), failing: ago(60) }), row(ana, 1, { ok: ago(2) })];
    expect(outagesOf([ana], rows, now, STALE)[0]).toMatchObject({ since: ago(1) });
    expect(outagesOf([ana], rows, now, 62 * MINUTE)).toEqual([]);
  });
});
