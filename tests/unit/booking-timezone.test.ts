import { beforeAll, describe, expect, it } from "vitest";

// The server's own zone must not matter: run the slot rules in a zone with
// daylight saving and a different date line than Johannesburg's.
process.env.TZ = "America/New_York";

let slots: typeof import("#server/booking/slots.ts");
let settings: typeof import("#server/booking/settings.ts");
let env: typeof import("#server/env.ts");
let time: typeof import("#app/lib/sast.ts");

beforeAll(async () => {
  [slots, settings, env, time] = await Promise.all([
    import("#server/booking/slots.ts"),
    import("#server/booking/settings.ts"),
    import("#server/env.ts"),
    import("#app/lib/sast.ts"),
  ]);
});

describe("booking slots on a server in New York", () => {
  it("runs in New York", () => {
    expect(new Date("2026-07-01T12:00:00Z").getTimezoneOffset()).toBe(240);
    expect(new Date("2026-12-01T12:00:00Z").getTimezoneOffset()).toBe(300);
  });

  it("still opens at 09:00 SAST (07:00 UTC), before and after New York's clock change", () => {
    const rules = settings.bookingRules(env.parseEnv({}));
    // 2026-11-01 New York leaves daylight saving; 2027-03-14 it starts again.
    for (const date of ["2026-10-30", "2026-11-02", "2027-03-12", "2027-03-15"]) {
      const dayBefore = new Date(`${date}T00:00:00Z`);
      dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
      const days = slots.freeDays({ ...rules, horizonDays: 2 }, dayBefore, []);
      const day = days.find((d) => d.date === date);
      expect(day, date).toBeDefined();
      expect(day!.starts[0]!.toISOString()).toBe(`${date}T07:00:00.000Z`);
      expect(day!.starts.at(-1)!.toISOString()).toBe(`${date}T15:45:00.000Z`);
    }
  });

  it("names SAST dates by Johannesburg's calendar, not New York's", () => {
    // 23:30 on 24 Nov in New York is already 06:30 on 25 Nov in Johannesburg.
    const instant = new Date("2026-11-25T04:30:00Z");
    expect(time.sastDate(instant)).toBe("2026-11-25");
    expect(time.sastMinutes(instant)).toBe(6 * 60 + 30);
  });

  it("still closes the Monday after a Sunday holiday", () => {
    expect(slots.closedReason("2026-08-10", settings.bookingRules(env.parseEnv({})))).toBe("public holiday");
    expect(slots.closedReason("2027-12-27", settings.bookingRules(env.parseEnv({})))).toBe("public holiday");
  });
});
