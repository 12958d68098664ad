import { writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingMessages } from "#app/forms/booking.ts";
import { BOOKING_HMAC_KEY, bookSlot, offeredSlots } from "#tests/support/booking-posts.ts";
import { readSiteDb } from "#tests/support/database.ts";
import { type RunningServer, startServer } from "#tests/support/server.ts";

/** Consultants as the agency configures them, without a code change (docs/decisions/0033-consultants-calendars.md). */
const CONSULTANTS = `
consultants:
  - id: lindiwe-dlamini
    name: Lindiwe Dlamini
    meeting: https://meet.example.com/lindiwe
  - id: ruan-botha
    name: Ruan Botha
    meeting: tel:+27115550123
    hours: { mon: "09:00-12:00", tue: "09:00-12:00", wed: "09:00-12:00", thu: "09:00-12:00", fri: "09:00-12:00" }
`;

describe("consultants from CONSULTANTS_FILE", () => {
  let dir: string;
  let server: RunningServer;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "consultants-"));
    writeFileSync(path.join(dir, "consultants.yaml"), CONSULTANTS);
    server = await startServer({
      CONSULTANTS_FILE: path.join(dir, "consultants.yaml"),
      ALTCHA_HMAC_KEY: BOOKING_HMAC_KEY,
      TRUST_PROXY: "x-forwarded-for",
      BOOKING_MAX_FUTURE_PER_EMAIL: "5",
    });
  });

  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("gives a slot to each free consultant in turn, names them in the confirmation, and then shows it taken", async () => {
    // A morning slot, when both work.
    const slot = (await offeredSlots(server)).find((start) => new Date(start).getUTCHours() === 8)!;
    const first = await bookSlot(server, slot);
    const second = await bookSlot(server, slot);
    expect([first.status, second.status]).toEqual([302, 302]);
    const third = await bookSlot(server, slot);
    expect(third.status).toBe(409);
    expect(third.html).toContain(bookingMessages.slotTaken);
    expect(await offeredSlots(server)).not.toContain(slot);

    const rows = readSiteDb<{ consultant: string }>(server.dataDir, "select consultant from bookings order by id");
    expect(rows.map((row) => row.consultant)).toEqual(["lindiwe-dlamini", "ruan-botha"]);

    const page = await (await fetch(`${server.url}${first.location}`)).text();
    expect(page).toContain("Lindiwe Dlamini");
    expect(page).toContain('href="https://meet.example.com/lindiwe"');
    const mail = readSiteDb<{ text_body: string; attachments: string }>(
      server.dataDir,
      "select text_body, attachments from outbox where channel = 'mail' and recipient is not null order by id",
    );
    expect(mail[0]!.text_body).toContain("Your consultant: Lindiwe Dlamini.");
    expect(mail[0]!.text_body).toContain("Join the call at https://meet.example.com/lindiwe");
    expect(mail[0]!.attachments).toContain("LOCATION:https://meet.example.com/lindiwe");
    expect(mail[1]!.text_body).toContain("Your consultant: Ruan Botha.");
  });

  it("offers the afternoon, when only one works, once per slot", async () => {
    const slot = (await offeredSlots(server)).find((start) => new Date(start).getUTCHours() === 13)!;
    expect((await bookSlot(server, slot)).status).toBe(302);
    expect(await offeredSlots(server)).not.toContain(slot);
    expect(readSiteDb<{ consultant: string }>(server.dataDir, "select consultant from bookings order by id desc limit 1")).toEqual([
      { consultant: "lindiwe-dlamini" },
    ]);
  });

  it("refuses to start with a bad file, naming the field and never a password", async () => {
    const bad = path.join(dir, "bad.yaml");
    writeFileSync(
      bad,
      "consultants:\n  - id: x\n    name: X\n    calendars:\n      - caldav: ftp://dav.example.com/\n        username: x\n        password: s3cret-pass\n",
    );
    await expect(startServer({ CONSULTANTS_FILE: bad })).rejects.toThrow(/CONSULTANTS_FILE[^]*consultants\.0\.calendars\.0/);
    await expect(startServer({ CONSULTANTS_FILE: bad })).rejects.not.toThrow(/s3cret-pass/);
  });

  it("names a misspelt key, its line and place, and what was meant, and never the value", async () => {
    const typo = path.join(dir, "typo.yaml");
    writeFileSync(
      typo,
      [
        "consultants:",
        "  - id: lindiwe-dlamini",
        "    name: Lindiwe Dlamini",
        "    calendars:",
        "      - caldav: https://dav.example.com/",
        "        username: lindiwe",
        "        pasword: s3cret-pass",
        "",
      ].join("\n"),
    );
    const refusal = await startServer({ CONSULTANTS_FILE: typo }).then(
      () => "started",
      (error: Error) => error.message,
    );
    expect(refusal).toContain(`Invalid CONSULTANTS_FILE ${typo}:`);
    expect(refusal).toContain('line 7, consultants.0.calendars.0: unknown key "pasword" (did you mean "password"?)');
    expect(refusal).not.toContain("Invalid input");
    expect(refusal).not.toContain("s3cret-pass");
  });
});
