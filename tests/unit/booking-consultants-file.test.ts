import { describe, expect, it } from "vitest";
import { parseConsultants } from "#server/booking/consultants.ts";
import { bookingRules } from "#server/booking/settings.ts";
import { parseEnv } from "#server/env.ts";

/** CONSULTANTS_FILE's problems as the agency reads them when the server refuses to start (server/booking/consultants.ts). */
const rules = bookingRules(parseEnv({}));
const problems = (text: string) => {
  try {
    parseConsultants(text, "consultants.yaml", rules);
    return [];
  } catch (error) {
    return (error as Error).message.split("\n").slice(1);
  }
};

describe("a consultants file with mistakes", () => {
  it("names each unknown key, its line and place, and the key it was probably meant to be", () => {
    expect(
      problems(
        [
          "consultants:",
          "  - id: ana",
          "    name: Ana",
          "    meting: https://meet.example.com/ana",
          "    hours: { mon: '09:00-12:00', tues: '09:00-12:00' }",
          "    calendars:",
          "      - ical: https://calendar.example.com/secret.ics",
          "        colour: blue",
        ].join("\n"),
      ),
    ).toEqual([
      '  line 4, consultants.0: unknown key "meting" (did you mean "meeting"?)',
      '  line 5, consultants.0.hours: unknown key "tues" (did you mean "tue"?)',
      '  line 8, consultants.0.calendars.0: unknown key "colour"',
    ]);
  });

  it("says what is missing or wrong where it is, never repeating a value", () => {
    const found = problems(
      [
        "consultants:",
        "  - id: ana",
        "    name: Ana",
        "    hours: 9-5",
        "    calendars:",
        "      - caldav: ftp://dav.example.com/",
        "        password: s3cret-pass",
        "      - url: https://example.com/x.ics",
      ].join("\n"),
    );
    expect(found).toEqual([
      "  line 4, consultants.0.hours: must be HH:MM-HH:MM on quarter hours, e.g. 09:00-17:00",
      "  line 6, consultants.0.calendars.0.caldav: must be an http(s) URL",
      "  line 6, consultants.0.calendars.0.username: is missing",
      "  line 8, consultants.0.calendars.1: needs caldav: (a CalDAV account) or ical: (a calendar's secret iCal address)",
    ]);
    expect(found.join("\n")).not.toContain("s3cret-pass");
  });

  it("reads a good file as before", () => {
    const [ana] = parseConsultants(
      "consultants:\n  - id: ana\n    name: Ana\n    calendars:\n      - caldav: https://dav.example.com/\n        username: ana\n        password: pw\n        calendars: [Work, Personal]\n",
      "consultants.yaml",
      rules,
    );
    expect(ana!.calendars).toEqual([
      { kind: "caldav", url: "https://dav.example.com/", username: "ana", password: "pw", calendars: ["Work", "Personal"] },
    ]);
  });
});
