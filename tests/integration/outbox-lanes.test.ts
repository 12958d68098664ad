import { afterEach, describe, expect, it } from "vitest";
import { enqueue } from "#server/outbox/store.ts";
import type { Mailer } from "#server/mail/transport.ts";
import { type OutboxWorker, startOutboxWorker } from "#server/outbox/worker.ts";
import { databaseKinds, useSiteDatabase } from "#tests/support/database.ts";
import { waitFor } from "#tests/support/leads.ts";

/**
 * Lanes that features register (docs/decisions/0055): a message of a lane whose
 * feature has not registered its sender yet waits as queued, untried, and goes
 * as soon as the sender is registered.
 */

const mailer: Mailer = { description: "test", send: async () => {}, close() {} };
const calendarMessage = {
  kind: "booking.created",
  lead_table: "bookings",
  lead_id: 1,
  reply_to: null,
  recipient: null,
  attachments: null,
  headers: null,
  subject: "booking.created",
  text_body: "{}",
  html_body: "",
  channel: "calendar",
} as const;

describe.each(databaseKinds)("outbox lanes on %s", (kind) => {
  const site = useSiteDatabase(kind);
  let worker: OutboxWorker | undefined;
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
  });

  it("keeps a message of an unregistered lane queued, then sends it once its sender registers", async () => {
    await enqueue(site.db, calendarMessage);
    worker = startOutboxWorker({
      outbox: site.outbox,
      mailer,
      pollMs: 60_000,
      retry: { baseMs: 60_000, maxMs: 60_000, maxAttempts: 1 },
      messageIdHost: "test",
      leaseMs: 60_000,
    });
    const row = () => site.db.selectFrom("outbox").select(["status", "attempts", "last_error"]).executeTakeFirstOrThrow();

    expect(await worker.drain()).toBe(0);
    worker.nudge();
    await worker.drain();
    expect(await row()).toEqual({ status: "queued", attempts: 0, last_error: null });

    const delivered: string[] = [];
    worker.register("calendar", async (message) => {
      delivered.push(message.subject);
    });
    // No poll is due for a minute: the registration itself sends it.
    await waitFor(async () => ((await row()).status === "sent" ? true : undefined), "the calendar message sent");
    expect(delivered).toEqual(["booking.created"]);
    expect(await row()).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("sends a batch's message only while it holds the lease, renewed as that message's send starts", async () => {
    for (const n of [1, 2, 3]) await enqueue(site.db, { ...calendarMessage, subject: `event ${n}` });
    const leaseMs = 60_000;
    const lockOf = (subject: string) =>
      site.db.selectFrom("outbox").select(["locked_by", "locked_until", "status"]).where("subject", "=", subject).executeTakeFirstOrThrow();
    const leaseAtSend = new Map<string, number>();
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstStarted!: () => void;
    const firstSending = new Promise<void>((resolve) => (firstStarted = resolve));
    worker = startOutboxWorker({
      outbox: site.outbox,
      mailer,
      senders: {
        calendar: async (message) => {
          leaseAtSend.set(message.subject, new Date((await lockOf(message.subject)).locked_until!).getTime());
          if (message.subject === "event 1") {
            firstStarted();
            await firstHeld;
          }
        },
      },
      pollMs: 60_000,
      retry: { baseMs: 60_000, maxMs: 60_000, maxAttempts: 3 },
      messageIdHost: "test",
      leaseMs,
    });
    await firstSending;
    const claimedUntil = new Date((await lockOf("event 3")).locked_until!).getTime();
    // The receiver stalls on event 1 until event 2's lease has run out and another instance took it.
    await site.db
      .updateTable("outbox")
      .set({ locked_by: "worker-other", locked_until: new Date(Date.now() + leaseMs) })
      .where("subject", "=", "event 2")
      .execute();
    await waitFor(() => (Date.now() > claimedUntil - leaseMs + 20 ? true : undefined), "a moment past the batch's claim");
    releaseFirst();
    await waitFor(async () => ((await lockOf("event 3")).status === "sent" ? true : undefined), "event 3 sent");

    expect([...leaseAtSend.keys()]).toEqual(["event 1", "event 3"]);
    expect(leaseAtSend.get("event 3")).toBeGreaterThan(claimedUntil);
    expect(await lockOf("event 2")).toMatchObject({ locked_by: "worker-other", status: "queued" });
  });

  it("refuses a second sender for one lane", () => {
    worker = startOutboxWorker({
      outbox: site.outbox,
      mailer,
      senders: { webhook: async () => {} },
      pollMs: 60_000,
      retry: { baseMs: 60_000, maxMs: 60_000, maxAttempts: 1 },
      messageIdHost: "test",
      leaseMs: 60_000,
    });
    expect(() => worker!.register("webhook", async () => {})).toThrow(/already has its sender/);
  });
});
