import { describe, expect, it } from "vitest";
import { reminderTimes } from "#server/booking/reminders.ts";
import { zonedSlot } from "#server/booking/mail.ts";

const HOUR = 3_600_000;
const DEFAULT_LEADS = [24 * HOUR, HOUR];
const start = new Date("2026-12-01T08:00:00Z");
const bookedAhead = (hours: number) => new Date(start.getTime() - hours * HOUR);
const dues = (hours: number) => reminderTimes(start, bookedAhead(hours), DEFAULT_LEADS).map((r) => r.due.toISOString());

describe("which reminders a call gets", () => {
  it("gets both when booked two days ahead, the day before first", () => {
    expect(dues(48)).toEqual(["2026-11-30T08:00:00.000Z", "2026-12-01T07:00:00.000Z"]);
  });

  it("gets only the 1-hour one when booked 3 hours ahead, never the 24-hour one at once", () => {
    expect(dues(3)).toEqual(["2026-12-01T07:00:00.000Z"]);
  });

  it("gets none when booked within the hour", () => {
    expect(dues(0.5)).toEqual([]);
  });

  it("drops a reminder not sent before the next is due: each holds until the next or the call", () => {
    const [day, hour] = reminderTimes(start, bookedAhead(48), DEFAULT_LEADS);
    expect(day!.until).toEqual(hour!.due);
    expect(hour!.until).toEqual(start);
  });

  it("takes the leads in any order and once each", () => {
    expect(reminderTimes(start, bookedAhead(48), [HOUR, 24 * HOUR, HOUR]).map((r) => r.leadMs)).toEqual([24 * HOUR, HOUR]);
  });
});

describe("the call's time on the visitor's own clock", () => {
  const end = new Date(start.getTime() + 15 * 60_000);
  it("gives their zone's day and time", () => {
    expect(zonedSlot(start, end, "Europe/London")).toBe("Tuesday, 1 December 2026, 08:00-08:15 (Europe/London)");
    expect(zonedSlot(start, end, "Pacific/Honolulu")).toBe("Monday, 30 November 2026, 22:00-22:15 (Pacific/Honolulu)");
  });

  it("says nothing when their clock reads as SAST, or the zone is unknown", () => {
    expect(zonedSlot(start, end, "Africa/Harare")).toBeNull();
    expect(zonedSlot(start, end, null)).toBeNull();
    expect(zonedSlot(start, end, "Mars/Olympus")).toBeNull();
  });
});
