import { describe, expect, it } from "vitest";
import { parseEnv } from "#server/env.ts";
import { publicHolidays } from "#server/booking/holidays.ts";
import { bookingRules } from "#server/booking/settings.ts";
import { claimCells, closedReason, freeDays, isBookableStart, slotStartsOn } from "#server/booking/slots.ts";
import { sastInstant } from "#app/lib/sast.ts";

const defaults = bookingRules(parseEnv({}));
const rulesWith = (settings: Record<string, string>) => bookingRules(parseEnv(settings));

/** 08:00 SAST on a Monday: the whole day is ahead. */
const mondayMorning = sastInstant("2026-11-23", 8 * 60);

const hhmm = (instant: Date) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "Africa/Johannesburg", hour: "2-digit", minute: "2-digit" }).format(instant);

function startsOn(days: ReturnType<typeof freeDays>, date: string): string[] {
  return (days.find((d) => d.date === date)?.starts ?? []).map(hhmm);
}

// Public Holidays Act 36 of 1994, section 1 and Schedule 1, with section 2(1): a holiday falling on a
// Sunday moves to the Monday. Easter (Good Friday and Family Day) from the Gregorian computus.
const holidaysByAct = {
  2026: [
    "2026-01-01", // New Year's Day
    "2026-03-21", // Human Rights Day (Saturday: no move)
    "2026-04-03", // Good Friday
    "2026-04-06", // Family Day
    "2026-04-27", // Freedom Day
    "2026-05-01", // Workers' Day
    "2026-06-16", // Youth Day
    "2026-08-09", // National Women's Day (Sunday)
    "2026-08-10", // ... moved to Monday
    "2026-09-24", // Heritage Day
    "2026-12-16", // Day of Reconciliation
    "2026-12-25", // Christmas Day
    "2026-12-26", // Day of Goodwill (Saturday: no move)
  ],
  2027: [
    "2027-01-01",
    "2027-03-21", // Human Rights Day (Sunday)
    "2027-03-22", // ... moved to Monday
    "2027-03-26", // Good Friday
    "2027-03-29", // Family Day
    "2027-04-27",
    "2027-05-01", // Workers' Day (Saturday)
    "2027-06-16",
    "2027-08-09",
    "2027-09-24",
    "2027-12-16",
    "2027-12-25", // Christmas Day (Saturday)
    "2027-12-26", // Day of Goodwill (Sunday)
    "2027-12-27", // ... moved to Monday
  ],
};

describe("South African public holidays", () => {
  for (const [year, dates] of Object.entries(holidaysByAct)) {
    it(`are the Act's list in ${year}, Sunday holidays moved to Monday`, () => {
      expect([...publicHolidays(Number(year))].sort()).toEqual(dates);
    });

    it(`close the agency on every one in ${year}`, () => {
      for (const date of dates) {
        expect(closedReason(date, defaults), date).not.toBeNull();
        const dayBefore = sastInstant(date, 0);
        dayBefore.setTime(dayBefore.getTime() - 86_400_000);
        const days = freeDays({ ...defaults, horizonDays: 2 }, dayBefore, []);
        expect(
          days.map((d) => d.date),
          date,
        ).not.toContain(date);
      }
    });
  }

  it("leaves an ordinary Monday open", () => {
    expect(closedReason("2026-08-17", defaults)).toBeNull();
  });
});

describe("booking slots", () => {
  it("are 15 minutes apart from 09:00 to 17:45 SAST by default", () => {
    const starts = slotStartsOn("2026-11-24", defaults).map(hhmm);
    expect(starts).toHaveLength(36);
    expect(starts.slice(0, 3)).toEqual(["09:00", "09:15", "09:30"]);
    expect(starts.at(-1)).toBe("17:45");
  });

  it("skip weekends", () => {
    const days = freeDays(defaults, mondayMorning, []).map((d) => d.date);
    expect(days).toContain("2026-11-27"); // Friday
    expect(days).not.toContain("2026-11-28");
    expect(days).not.toContain("2026-11-29");
    expect(days).toContain("2026-11-30"); // Monday
    expect(closedReason("2026-11-28", defaults)).toBe("weekend");
  });

  it("follow the hours setting", () => {
    const days = freeDays(rulesWith({ BOOKING_HOURS: "10:30-12:00" }), mondayMorning, []);
    expect(startsOn(days, "2026-11-24")).toEqual(["10:30", "10:45", "11:00", "11:15", "11:30", "11:45"]);
  });

  it("keep the minimum notice", () => {
    const now = sastInstant("2026-11-23", 10 * 60 + 5); // 10:05
    expect(startsOn(freeDays(defaults, now, []), "2026-11-23")[0]).toBe("12:15");
    expect(startsOn(freeDays(rulesWith({ BOOKING_MIN_NOTICE_MINUTES: "0" }), now, []), "2026-11-23")[0]).toBe("10:15");
    // Less than the notice left before closing: today has no slot at all.
    const late = sastInstant("2026-11-23", 16 * 60);
    expect(freeDays(defaults, late, [])[0]!.date).toBe("2026-11-24");
  });

  it("end at the horizon", () => {
    const days = freeDays(defaults, mondayMorning, []);
    expect(days.at(-1)!.date).toBe("2026-12-14"); // 21 days after 2026-11-23
    const short = freeDays(rulesWith({ BOOKING_HORIZON_DAYS: "3" }), mondayMorning, []);
    expect(short.map((d) => d.date)).toEqual(["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26"]);
    expect(isBookableStart(sastInstant("2026-12-15", 9 * 60), defaults, mondayMorning)).toBe(false);
    expect(isBookableStart(sastInstant("2026-12-14", 9 * 60), defaults, mondayMorning)).toBe(true);
  });

  it("close the days the agency blocks", () => {
    const rules = rulesWith({ BOOKING_BLOCKED_DAYS: "2026-11-25,2026-11-26" });
    const days = freeDays(rules, mondayMorning, []).map((d) => d.date);
    expect(days).not.toContain("2026-11-25");
    expect(days).not.toContain("2026-11-26");
    expect(days).toContain("2026-11-27");
    expect(closedReason("2026-11-25", rules)).toBe("blocked");
  });

  it("hide a booked slot, and keep the buffer on both sides of it", () => {
    const booked = sastInstant("2026-11-24", 10 * 60);
    const plain = freeDays(defaults, mondayMorning, claimCells(booked, defaults));
    expect(startsOn(plain, "2026-11-24")).toEqual(expect.arrayContaining(["09:45", "10:15"]));
    expect(startsOn(plain, "2026-11-24")).not.toContain("10:00");

    const buffered = rulesWith({ BOOKING_BUFFER_MINUTES: "15" });
    const near = startsOn(freeDays(buffered, mondayMorning, claimCells(booked, buffered)), "2026-11-24");
    expect(near).not.toContain("09:45");
    expect(near).not.toContain("10:00");
    expect(near).not.toContain("10:15");
    expect(near).toContain("09:30");
    expect(near).toContain("10:30");

    // A buffer that is not a whole number of slots rounds up to the next one.
    const ten = rulesWith({ BOOKING_BUFFER_MINUTES: "10" });
    const around = startsOn(freeDays(ten, mondayMorning, claimCells(booked, ten)), "2026-11-24");
    expect(around).toEqual(expect.arrayContaining(["09:30", "10:30"]));
    expect(around).not.toContain("09:45");
    expect(around).not.toContain("10:15");
  });

  it("accept only starts on the grid, inside the hours, on open days", () => {
    const ok = sastInstant("2026-11-24", 9 * 60);
    expect(isBookableStart(ok, defaults, mondayMorning)).toBe(true);
    expect(isBookableStart(new Date(ok.getTime() + 5 * 60_000), defaults, mondayMorning)).toBe(false);
    expect(isBookableStart(sastInstant("2026-11-24", 8 * 60 + 45), defaults, mondayMorning)).toBe(false);
    expect(isBookableStart(sastInstant("2026-11-24", 18 * 60), defaults, mondayMorning)).toBe(false);
    expect(isBookableStart(sastInstant("2026-11-28", 9 * 60), defaults, mondayMorning)).toBe(false);
    expect(isBookableStart(sastInstant("2026-12-16", 9 * 60), defaults, sastInstant("2026-12-10", 9 * 60))).toBe(false);
  });
});

describe("booking settings", () => {
  it("refuse hours that close before they open, or off the quarter hour", () => {
    expect(() => parseEnv({ BOOKING_HOURS: "18:00-09:00" })).toThrow(/BOOKING_HOURS/);
    expect(() => parseEnv({ BOOKING_HOURS: "09:10-18:00" })).toThrow(/BOOKING_HOURS/);
    expect(() => parseEnv({ BOOKING_BLOCKED_DAYS: "2026-02-30" })).toThrow(/BOOKING_BLOCKED_DAYS/);
    expect(() => parseEnv({ BOOKING_TOKEN_SECRET: "short" })).toThrow(/BOOKING_TOKEN_SECRET/);
  });
});
