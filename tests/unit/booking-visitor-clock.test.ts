import { afterAll, describe, expect, it } from "vitest";
import { visitorClock } from "#app/lib/sast.ts";
import { bookingForm } from "#app/forms/booking.ts";

// The picker adds the visitor's own time below each SAST time; the browser's zone decides it.
const originalZone = process.env.TZ;
afterAll(() => {
  process.env.TZ = originalZone;
});

function inZone(zone: string, sastIso: string): string | null {
  process.env.TZ = zone;
  return visitorClock(new Date(sastIso));
}

describe("the visitor's own clock beside a SAST time", () => {
  it("adds nothing where the clock reads like SAST: Johannesburg, or Cairo in winter", () => {
    expect(inZone("Africa/Johannesburg", "2026-11-24T09:15:00+02:00")).toBeNull();
    expect(inZone("Africa/Cairo", "2026-11-24T09:15:00+02:00")).toBeNull();
  });

  it("shows the time in Berlin, an hour behind in winter and the same in summer", () => {
    expect(inZone("Europe/Berlin", "2026-11-24T09:15:00+02:00")).toBe("08:15 UTC+1");
    expect(inZone("Europe/Berlin", "2027-06-15T09:15:00+02:00")).toBeNull();
  });

  it("says UTC for London in winter", () => {
    expect(inZone("Europe/London", "2026-11-24T09:15:00+02:00")).toBe("07:15 UTC");
  });

  it("writes half-hour offsets in full", () => {
    expect(inZone("Asia/Kolkata", "2026-11-24T09:15:00+02:00")).toBe("12:45 UTC+5:30");
  });

  it("names the weekday where the call falls on another day there", () => {
    // 09:00 SAST on Tuesday is 21:00 on Monday in Honolulu; 17:45 SAST is 04:45 on Wednesday in Auckland.
    expect(inZone("Pacific/Honolulu", "2026-11-24T09:00:00+02:00")).toBe("Mon 21:00 UTC-10");
    expect(inZone("Pacific/Auckland", "2026-11-24T17:45:00+02:00")).toBe("Wed 04:45 UTC+13");
  });
});

describe("the zone the booking form's script posts", () => {
  const timeZone = bookingForm.schema.shape.timeZone;
  it("is kept when it names a zone, and dropped, never refusing the booking, when it does not", () => {
    expect(timeZone.parse("Europe/Berlin")).toBe("Europe/Berlin");
    expect(timeZone.parse("America/Argentina/Buenos_Aires")).toBe("America/Argentina/Buenos_Aires");
    expect(timeZone.parse("Etc/GMT+2")).toBe("Etc/GMT+2");
    for (const odd of ["Europe/Ber\u0000lin", "<script>", "x".repeat(100), ""])
      expect(timeZone.safeParse(odd)).toEqual({ success: true, data: undefined });
    expect(timeZone.parse(undefined)).toBeUndefined();
  });
});
