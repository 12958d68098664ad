import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "#app/config/site.ts";
import { specContact } from "#app/content/contact-details.ts";
import { sastSlot } from "#app/lib/sast.ts";
import { zonedSlot } from "#server/booking/mail.ts";
import { type BookingRules, freeDays } from "#server/booking/slots.ts";
import { BOOKING_HMAC_KEY, bookSlot } from "#tests/support/booking-posts.ts";
import { type Cluster, startCluster } from "#tests/support/cluster.ts";
import { readSiteDb } from "#tests/support/database.ts";
import { outboxPollsSince, postPage, waitFor, writtenMail } from "#tests/support/leads.ts";
import { type RunningServer, startServer } from "#tests/support/server.ts";

/**
 * A call's reminders (docs/decisions/0034-booking-reminders.md). The servers
 * run on the real clock, so each test sets BOOKING_REMINDERS to leads that
 * fall due seconds after it books: the same setting an agency sets to "24h,1h",
 * at values that make "24 hours before" arrive within the test.
 */

const SECOND = 1000;
const QUARTER = 15 * 60 * SECOND;
const POLL_MS = 200;
const TOKEN_SECRET = "booking-reminders-token-secret-0123456789abcdef";
const CONSULTANTS = `
consultants:
  - id: ana-meyer
    name: Ana Meyer
    email: ana@consultants.example
    meeting: https://meet.example.com/ana
  - id: ben-mokoena
    name: Ben Mokoena
  - id: cara-naidoo
    name: Cara Naidoo
    email: cara@consultants.example
`;
/** The servers' BOOKING_* rules: the defaults. */
const RULES: BookingRules = {
  opensAt: 9 * 60,
  closesAt: 18 * 60,
  minNoticeMinutes: 120,
  horizonDays: 21,
  bufferMinutes: 0,
  blockedDays: new Set(),
  callsPerMailbox: 1,
};

/** The first slot the servers offer whose next quarter hour is a slot too, so a call there can move on by one. */
function slotWithNext(now: Date): Date {
  for (const day of freeDays(RULES, now, [])) {
    const start = day.starts.find((s) => day.starts.some((next) => next.getTime() === s.getTime() + QUARTER));
    if (start) return start;
  }
  throw new Error("no two slots in a row in the horizon");
}

/** A lead (BOOKING_REMINDERS) that brings a call at `start` its reminder `dueIn` after `now` (a little later, in whole seconds). */
function leadFor(start: Date, now: number, dueIn: number): string {
  return `${Math.floor((start.getTime() - now - dueIn) / SECOND)}s`;
}

/** The reminders written for `address` so far, in the DATA_DIRs of the servers that sent mail. */
function remindersTo(dataDirs: string[], address: string): string[] {
  const to = new RegExp(`^To: ${address.replace(/[.+]/g, "\\$&")}$`, "m");
  return dataDirs.flatMap(writtenMail).filter((mail) => to.test(mail) && /^Subject: Reminder/m.test(mail));
}

const messageIdOf = (mail: string) => /^Message-ID: (\S+)$/im.exec(mail)![1];
const slotText = (start: Date) => sastSlot(start, new Date(start.getTime() + QUARTER));

function settings(dir: string, leads: string[]): Record<string, string> {
  return {
    CONSULTANTS_FILE: path.join(dir, "consultants.yaml"),
    ALTCHA_HMAC_KEY: BOOKING_HMAC_KEY,
    TRUST_PROXY: "x-forwarded-for",
    BOOKING_TOKEN_SECRET: TOKEN_SECRET,
    BOOKING_REMINDERS: leads.join(","),
    OUTBOX_POLL_MS: String(POLL_MS),
  };
}

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "reminders-"));
  writeFileSync(path.join(dir, "consultants.yaml"), CONSULTANTS);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The two run side by side: each mostly waits for its reminders' due times.
describe.concurrent("booking reminders", () => {
  describe("reminders of booked calls on SQLite", () => {
    let server: RunningServer | undefined;
    const dataDir = () => path.join(dir, "data");

    afterAll(async () => {
      await server?.stop();
    });

    it(
      "reminds visitor and consultant before a call, follows a move, none after a cancel, across a restart",
      { timeout: 180_000 },
      async () => {
        const now = Date.now();
        const start = slotWithNext(new Date(now));
        const later = new Date(start.getTime() + QUARTER);
        // Two reminders of a call at `start` (25 s and 35 s from now); the first of a call at `later` 30 s from now,
        // while its other two are due a quarter of an hour after the test. The first lead is the longest: for a
        // call at `start` it is past already, so such a call gets only the other two.
        // Set-up (two starts, three bookings, two changes) takes 3-4 s, 8-10 s on a loaded machine: the first is due well after.
        const due = { first: now + 25 * SECOND, moved: now + 30 * SECOND, second: now + 35 * SECOND };
        const leads = [leadFor(later, now, 30 * SECOND), leadFor(start, now, 25 * SECOND), leadFor(start, now, 35 * SECOND)];
        const env = { ...settings(dir, leads), DATA_DIR: dataDir() };
        server = await startServer(env);

        // In turn: Ana (her own address and meeting room), Ben (no address: the agency's), Cara.
        const kept = await bookSlot(server, start.toISOString(), "Thandi Nkosi", { timeZone: "Europe/London" });
        const moved = await bookSlot(server, start.toISOString(), "Sipho Dube");
        const cancelled = await bookSlot(server, start.toISOString(), "Lerato Khumalo");
        expect([kept.status, moved.status, cancelled.status]).toEqual([302, 302, 302]);
        const manage = (booked: { location: string | null }) => booked.location!.replace(/\?.*$/, "");
        const change = (booked: { location: string | null }, fields: Record<string, string>) =>
          postPage(server!, manage(booked), { sequence: "0", ...fields }, { "X-Forwarded-For": "198.51.100.7" });
        expect((await change(moved, { intent: "reschedule", slot: later.toISOString() })).status).toBe(200);
        expect((await change(cancelled, { intent: "cancel" })).status).toBe(200);
        const bookings = readSiteDb<{ consultant: string; status: string }>(
          dataDir(),
          "select consultant, status from bookings order by id",
        );
        expect(bookings).toEqual([
          { consultant: "ana-meyer", status: "confirmed" },
          { consultant: "ben-mokoena", status: "confirmed" },
          { consultant: "cara-naidoo", status: "cancelled" },
        ]);

        // A restart before any is due: the reminders are in the database, not in the process.
        await server.stop();
        server = await startServer(env);
        expect(Date.now(), "set up before the first reminder was due (a very slow machine fails here)").toBeLessThan(due.first);

        const dirs = [dataDir()];
        await waitFor(
          () => remindersTo(dirs, kept.email).length >= 2 && remindersTo(dirs, moved.email).length >= 1,
          "the reminders due",
          120_000,
        );
        // A reminder sent late, or one left of the moved or cancelled calls, would come within these polls.
        await outboxPollsSince(new Date(due.second), POLL_MS, 10);

        // The kept call: two reminders each to the visitor and to Ana, with its time in SAST and on the visitor's clock.
        const toVisitor = remindersTo(dirs, kept.email);
        expect(toVisitor).toHaveLength(2);
        for (const mail of toVisitor) {
          expect(mail).toContain(`Subject: Reminder: your call on ${slotText(start)}`);
          expect(mail).toContain(`A reminder of your 15-minute ROI consultation with ${site.name}: ${slotText(start)}.`);
          expect(mail).toContain(`On your own clock: ${zonedSlot(start, later, "Europe/London")}.`);
          expect(mail).toContain("Your consultant: Ana Meyer.");
          expect(mail).toContain("Join the call at https://meet.example.com/ana");
          expect(mail).toContain(`Need to cancel or move it? ${server.url}${manage(kept)}`);
        }
        // The confirmation gave the visitor's own time too.
        const confirmation = writtenMail(dataDir()).find(
          (mail) => mail.includes(`To: ${kept.email}`) && /^Subject: Your call is booked/m.test(mail),
        );
        expect(confirmation).toContain(`On your own clock: ${zonedSlot(start, later, "Europe/London")}.`);
        const toAna = remindersTo(dirs, "ana@consultants.example");
        expect(toAna).toHaveLength(2);
        for (const mail of toAna) {
          expect(mail).toContain(`Hi Ana Meyer, a reminder of your call with Thandi Nkosi of Nkosi Retail: ${slotText(start)}.`);
          expect(mail).toContain("Join the call at https://meet.example.com/ana");
          expect(mail).toMatch(new RegExp(`The booking in the inbox: ${server.url}/admin/leads/\\d+`));
        }

        // The moved call: only its new time's reminder, to the visitor and (Ben has no address) the agency; its manage link works.
        const [movedReminder, ...more] = remindersTo(dirs, moved.email);
        expect(more).toEqual([]);
        expect(movedReminder).toContain(`A reminder of your 15-minute ROI consultation with ${site.name}: ${slotText(later)}.`);
        expect(movedReminder).not.toContain(slotText(start));
        expect(movedReminder).not.toContain("On your own clock");
        expect(movedReminder).toContain("We will call you or send a meeting link before the call.");
        const link = /Need to cancel or move it\? (\S+)/.exec(movedReminder!)![1]!;
        expect(await (await fetch(link)).text()).toContain(slotText(later));
        const toAgency = remindersTo(dirs, specContact.email);
        expect(toAgency).toHaveLength(1);
        expect(toAgency[0]).toContain(`Hi Ben Mokoena, a reminder of your call with Sipho Dube of Nkosi Retail: ${slotText(later)}.`);

        // The cancelled call: nothing, to the visitor or to Cara.
        expect(remindersTo(dirs, cancelled.email)).toEqual([]);
        expect(remindersTo(dirs, "cara@consultants.example")).toEqual([]);

        // Each went when due, not before; what is left waits for the moved call's later reminders.
        const rows = readSiteDb<{ lead_id: number; status: string; next_attempt_at: string; sent_at: string | null }>(
          dataDir(),
          "select lead_id, status, next_attempt_at, sent_at from outbox where channel = 'reminder' order by id",
        );
        const sent = rows.filter((row) => row.status === "sent");
        expect(sent).toHaveLength(6);
        for (const row of sent) expect(new Date(row.sent_at!).getTime()).toBeGreaterThanOrEqual(new Date(row.next_attempt_at).getTime());
        const waiting = rows.filter((row) => row.status !== "sent");
        expect(waiting.map((row) => row.status)).toEqual(["queued", "queued", "queued", "queued"]);
        for (const row of waiting) expect(new Date(row.next_attempt_at).getTime()).toBeGreaterThan(Date.now() + 10 * 60 * SECOND);
      },
    );
  });

  describe.skipIf(!process.env.TEST_DATABASE_URL)("reminders with two instances on PostgreSQL", () => {
    let cluster: Cluster | undefined;

    afterAll(async () => {
      await cluster?.stop();
    });

    it("sends each reminder once", { timeout: 120_000 }, async () => {
      const now = Date.now();
      const start = slotWithNext(new Date(now));
      const due = { first: now + 20 * SECOND, second: now + 25 * SECOND };
      const leads = [leadFor(start, now, 20 * SECOND), leadFor(start, now, 25 * SECOND)];
      cluster = await startCluster({ count: 2, env: () => settings(dir, leads) });
      const booked = await bookSlot(cluster.instances[0]!, start.toISOString());
      expect(booked.status).toBe(302);
      expect(Date.now(), "booked before the first reminder was due").toBeLessThan(due.first);

      const dirs = cluster.instances.map((instance) => instance.dataDir);
      await waitFor(() => remindersTo(dirs, booked.email).length >= 2, "the reminders due", 90_000);
      // Both instances poll every 200 ms: a reminder taken by both would be written within these polls.
      await outboxPollsSince(new Date(due.second), POLL_MS, 15);

      const reminders = [...remindersTo(dirs, booked.email), ...remindersTo(dirs, "ana@consultants.example")];
      expect(reminders).toHaveLength(4);
      expect(new Set(reminders.map(messageIdOf)).size).toBe(4);
      const rows = await cluster.query<{ status: string }>("select status from outbox where channel = 'reminder'");
      expect(rows.map((row) => row.status)).toEqual(["sent", "sent", "sent", "sent"]);
    });
  });
});
