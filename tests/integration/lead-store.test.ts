import { sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#server/db/connect.ts";
import { groupCommit, sharedSync } from "#server/db/group-commit.ts";
import { openSiteDatabase } from "#server/migrations.ts";
import type { LeadOrigin } from "#server/forms/lead.ts";
import type { Notification } from "#server/mail/render.ts";
import { type SiteStores, siteStores } from "#tests/support/database.ts";
import type { Mailer, OutgoingMail } from "#server/mail/transport.ts";
import { nextAttemptAt, startOutboxWorker } from "#server/outbox/worker.ts";
import { createTestDatabase, databaseKinds, type TestDatabase } from "#tests/support/database.ts";

const origin = (at = new Date()): LeadOrigin => ({
  botCheck: "altcha",
  clientAddress: "203.0.113.7",
  userAgent: "test",
  receivedAt: at,
});
const notification = (leadId: number): Notification => ({
  kind: "Contact",
  replyTo: "jane@example.co.za",
  subject: `Lead ${leadId}`,
  text: `Lead ${leadId}`,
  html: `<p>Lead ${leadId}</p>`,
});
const contact = (name: string) =>
  ({ table: "form_submissions", row: { form_type: "contact", name, email: "jane@example.co.za", company: "Acme" } }) as const;

/** A mailer that records what it sent, slowly enough for two workers to overlap. */
function recordingMailer(sent: string[], { fail = false, delayMs = 2 } = {}): Mailer {
  return {
    description: "test",
    async send(mail: OutgoingMail) {
      await new Promise((r) => setTimeout(r, delayMs));
      if (fail) throw new Error("mail server down");
      sent.push(mail.subject);
    },
    close() {},
  };
}

async function appliedMigrations(handle: DatabaseHandle): Promise<string[]> {
  const rows = await handle.db
    .selectFrom("kysely_migration" as never)
    .select("name" as never)
    .execute();
  return rows.map((r) => (r as { name: string }).name);
}

const retry = { baseMs: 1000, maxMs: 8000, maxAttempts: 3 };

describe.each(databaseKinds)("the data layer on %s", (kind) => {
  const opened: DatabaseHandle[] = [];
  let database: TestDatabase | undefined;

  async function open(): Promise<{ handle: DatabaseHandle } & SiteStores> {
    database ??= await createTestDatabase(kind);
    const handle = await openSiteDatabase(database.settings);
    opened.push(handle);
    return { handle, ...siteStores(handle) };
  }

  afterEach(async () => {
    for (const handle of opened.splice(0)) await handle.close();
    await database?.dispose();
    database = undefined;
  });

  it("creates every table and, opened again, finds nothing to migrate", async () => {
    const { handle } = await open();
    await open();
    const names = (await handle.db.introspection.getTables()).map((t) => t.name);
    for (const table of ["form_submissions", "company_profile_leads", "service_orders", "outbox", "rate_limits", "spent_challenges"]) {
      expect(names).toContain(table);
    }
    const applied = await appliedMigrations(handle);
    expect(applied).toContain("0001_leads");
    expect(new Set(applied).size).toBe(applied.length);
  });

  it.runIf(kind === "postgres")("migrates once when several instances start together (advisory lock)", async () => {
    database = await createTestDatabase(kind);
    const handles = await Promise.all([1, 2, 3, 4].map(() => openSiteDatabase(database!.settings)));
    opened.push(...handles);
    const applied = await appliedMigrations(handles[0]!);
    expect(applied).toContain("0001_leads");
    expect(new Set(applied).size).toBe(applied.length);
  });

  it("stores a lead and its notification together, or neither", async () => {
    const { handle, leads } = await open();
    const { leadId, outboxId } = await leads.saveLead(contact("Jane"), origin(), notification);
    const lead = await handle.db.selectFrom("form_submissions").selectAll().where("id", "=", leadId).executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ form_type: "contact", name: "Jane", company: "Acme", bot_check: "altcha", client_address: "203.0.113.7" });
    const message = await handle.db.selectFrom("outbox").selectAll().where("id", "=", outboxId).executeTakeFirstOrThrow();
    expect(message).toMatchObject({
      lead_table: "form_submissions",
      lead_id: leadId,
      status: "queued",
      attempts: 0,
      subject: `Lead ${leadId}`,
    });

    await expect(
      leads.saveLead(contact("Half"), origin(), () => {
        throw new Error("rendering failed");
      }),
    ).rejects.toThrow("rendering failed");
    const names = await handle.db.selectFrom("form_submissions").select("name").execute();
    expect(names.map((r) => r.name)).toEqual(["Jane"]);
    expect(await handle.db.selectFrom("outbox").select("id").execute()).toHaveLength(1);
  });

  it.runIf(kind === "sqlite")(
    "answers a durable write only after a sync of the WAL begun after its commit; other writes do not wait",
    async () => {
      const { handle } = await open();
      const syncs: Array<() => void> = [];
      const writes = groupCommit(
        handle.db,
        sharedSync(() => new Promise<void>((resolve) => syncs.push(resolve))),
      );
      let answered = false;
      const saving = writes
        .durable((trx) => trx.insertInto("spent_challenges").values({ id: "durable", expires_at: new Date() }).execute())
        .then(() => (answered = true));
      await vi.waitFor(() => expect(syncs).toHaveLength(1));
      // Committed (visible) but not yet answered; a plain write meanwhile is answered at once.
      expect(await handle.db.selectFrom("spent_challenges").select("id").execute()).toEqual([{ id: "durable" }]);
      await writes.write((trx) => trx.insertInto("spent_challenges").values({ id: "plain", expires_at: new Date() }).execute());
      expect(answered).toBe(false);
      syncs[0]!();
      await saving;
      expect(answered).toBe(true);
      // The connection itself never waits for the disk.
      expect((await sql<{ synchronous: number }>`pragma synchronous`.execute(handle.db)).rows[0]!.synchronous).toBe(1);
    },
  );

  it("keeps concurrent leads apart: one that fails is rolled back alone", async () => {
    const { handle, leads } = await open();
    const saves = Array.from({ length: 20 }, (_, i) =>
      leads.saveLead(contact(`Burst ${i}`), origin(), (leadId) => {
        if (i === 7) throw new Error("lead 7 cannot be rendered");
        return notification(leadId);
      }),
    );
    const results = await Promise.allSettled(saves);
    expect(results.filter((r) => r.status === "rejected")).toHaveLength(1);
    const names = (await handle.db.selectFrom("form_submissions").select("name").execute()).map((r) => r.name);
    expect(names).toHaveLength(19);
    expect(names).not.toContain("Burst 7");
    expect(await handle.db.selectFrom("outbox").select("id").execute()).toHaveLength(19);
  });

  it("counts attempts per key and address in a window the first attempt opens", async () => {
    const { rateLimits } = await open();
    const rule = { max: 3, windowMinutes: 15 };
    const start = new Date("2030-01-01T10:00:00Z");
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    for (const minute of [0, 1, 2]) expect((await rateLimits.hit("contact", "a", rule, at(minute))).allowed).toBe(true);
    const blocked = await rateLimits.hit("contact", "a", rule, at(4));
    expect(blocked).toEqual({ allowed: false, retryAfterMs: 11 * 60_000, count: 4 });
    // Another address and another form have their own counts.
    expect((await rateLimits.hit("contact", "b", rule, at(4))).allowed).toBe(true);
    expect((await rateLimits.hit("audit", "a", rule, at(4))).allowed).toBe(true);
    // Once the window has passed the count starts again.
    expect((await rateLimits.hit("contact", "a", rule, at(15))).allowed).toBe(true);
    expect((await rateLimits.hit("contact", "a", rule, at(16))).allowed).toBe(true);
  });

  it("takes attempts back from a count, in its window and never below zero, or forgets the count", async () => {
    const { rateLimits } = await open();
    const rule = { max: 3, windowMinutes: 15 };
    const start = new Date("2030-01-01T10:00:00Z");
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    for (const minute of [0, 1, 2, 3]) await rateLimits.hit("admin-login", "a", rule, at(minute));
    await rateLimits.hit("admin-login", "b", rule, at(0));
    await rateLimits.refund("admin-login", "a", 2);
    expect(await rateLimits.hit("admin-login", "a", rule, at(4))).toEqual({ allowed: true, retryAfterMs: 0, count: 3 });
    await rateLimits.refund("admin-login", "a", 10);
    expect((await rateLimits.hit("admin-login", "a", rule, at(5))).count).toBe(1);
    // The window is still the one minute 0 opened: it closes at minute 15.
    for (const minute of [6, 7, 8]) await rateLimits.hit("admin-login", "a", rule, at(minute));
    expect(await rateLimits.hit("admin-login", "a", rule, at(9))).toEqual({ allowed: false, retryAfterMs: 6 * 60_000, count: 5 });

    expect(await rateLimits.clear("admin-login", "a")).toBe(5);
    expect(await rateLimits.clear("admin-login", "a")).toBe(0);
    expect((await rateLimits.hit("admin-login", "a", rule, at(10))).count).toBe(1);
    // Another address keeps its count.
    expect((await rateLimits.hit("admin-login", "b", rule, at(10))).count).toBe(2);
  });

  it("gives back a counted attempt, never below none", async () => {
    const { rateLimits } = await open();
    const rule = { max: 2, windowMinutes: 15 };
    const start = new Date("2030-01-01T10:00:00Z");
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    await rateLimits.hit("booking", "a", rule, at(0));
    await rateLimits.hit("booking", "a", rule, at(1));
    await rateLimits.refund("booking", "a");
    // The refund left room for one more; the next is refused in the window the first attempt opened.
    expect((await rateLimits.hit("booking", "a", rule, at(3))).allowed).toBe(true);
    expect(await rateLimits.hit("booking", "a", rule, at(4))).toMatchObject({ allowed: false, retryAfterMs: 11 * 60_000 });
    // Another address's or key's refund gives "a" nothing.
    await rateLimits.refund("booking", "b");
    await rateLimits.refund("other", "a");
    expect((await rateLimits.hit("booking", "a", rule, at(5))).allowed).toBe(false);

    // Refunds never take a count below zero, so they cannot be saved up for later.
    await rateLimits.hit("booking", "c", rule, at(20));
    for (let i = 0; i < 3; i++) await rateLimits.refund("booking", "c");
    for (const minute of [21, 22]) expect((await rateLimits.hit("booking", "c", rule, at(minute))).allowed).toBe(true);
    expect((await rateLimits.hit("booking", "c", rule, at(23))).allowed).toBe(false);
  });

  it("accepts a challenge once and forgets it after it expires", async () => {
    const { handle, challenges } = await open();
    const expires = new Date(Date.now() + 60_000);
    expect(await challenges.spend("altcha:abc", expires)).toBe(true);
    expect(await challenges.spend("altcha:abc", expires)).toBe(false);
    expect(await challenges.spend("altcha:def", expires)).toBe(true);
    await challenges.sweep(new Date(Date.now() + 120_000));
    expect(await handle.db.selectFrom("spent_challenges").select("id").execute()).toEqual([]);
  });

  it("never sends one message twice when two workers drain one outbox", async () => {
    const first = await open();
    const second = await open();
    for (let i = 0; i < 40; i++) await first.leads.saveLead(contact(`Lead ${i}`), origin(), notification);
    const byFirst: string[] = [];
    const bySecond: string[] = [];
    const options = { pollMs: 60_000, retry, messageIdHost: "test", leaseMs: 120_000 };
    const workers = [
      startOutboxWorker({ ...options, outbox: first.outbox, mailer: recordingMailer(byFirst) }),
      startOutboxWorker({ ...options, outbox: second.outbox, mailer: recordingMailer(bySecond) }),
    ];
    await Promise.all(workers.map((w) => w.drain()));
    await Promise.all(workers.map((w) => w.drain()));
    await Promise.all(workers.map((w) => w.stop()));
    // Both took part, and together they sent each message exactly once.
    expect(byFirst.length).toBeGreaterThan(0);
    expect(bySecond.length).toBeGreaterThan(0);
    const sent = [...byFirst, ...bySecond];
    expect(sent).toHaveLength(40);
    expect(new Set(sent).size).toBe(40);
    const statuses = await first.handle.db.selectFrom("outbox").select(["status", "attempts", "sent_at"]).execute();
    expect(statuses.every((m) => m.status === "sent" && m.attempts === 1 && m.sent_at !== null)).toBe(true);
  });

  it("leases a claimed message so no other worker takes it until the lease runs out", async () => {
    const { leads, outbox } = await open();
    await leads.saveLead(contact("Jane"), origin(), notification);
    const now = new Date();
    expect(await outbox.claimDueMessages("a", 10, 60_000, now)).toHaveLength(1);
    expect(await outbox.claimDueMessages("b", 10, 60_000, now)).toHaveLength(0);
    const later = new Date(now.getTime() + 61_000);
    const [again] = await outbox.claimDueMessages("b", 10, 60_000, later);
    expect(again?.attempts).toBe(2);
  });

  it("retries a failing message with growing delays and keeps it as failed when attempts run out", async () => {
    const { handle, leads, outbox } = await open();
    await leads.saveLead(contact("Jane"), origin(), notification);
    const sent: string[] = [];
    const worker = startOutboxWorker({
      outbox,
      mailer: recordingMailer(sent, { fail: true }),
      pollMs: 60_000,
      retry,
      messageIdHost: "test",
      leaseMs: 120_000,
    });
    await worker.drain();
    await worker.stop();
    const row = () => handle.db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
    const afterFirst = await row();
    expect(afterFirst).toMatchObject({ status: "retrying", attempts: 1, last_error: "mail server down", locked_by: null });
    const delay = new Date(afterFirst.next_attempt_at).getTime() - Date.now();
    expect(delay).toBeGreaterThan(500);
    expect(delay).toBeLessThanOrEqual(1000);

    // Attempts 2 and 3, each claimed once due.
    for (const attempt of [2, 3]) {
      const due = new Date(Date.now() + 60 * 60_000);
      const [message] = await outbox.claimDueMessages("w", 10, 60_000, due);
      expect(message?.attempts).toBe(attempt);
      await outbox.markAttemptFailed(message!.id, "w", "mail server down", nextAttemptAt(message!.attempts, retry));
    }
    const final = await row();
    expect(final).toMatchObject({ status: "failed", attempts: 3 });
    expect(await outbox.claimDueMessages("w", 10, 60_000, new Date(Date.now() + 24 * 60 * 60_000))).toHaveLength(0);
    expect(sent).toEqual([]);
  });
});

describe("retry delays", () => {
  it("double from the base up to the cap, then stop at the last attempt", () => {
    const now = 0;
    const policy = { baseMs: 30_000, maxMs: 3_600_000, maxAttempts: 24 };
    const delays = [1, 2, 3, 8, 9, 23].map((n) => nextAttemptAt(n, policy, now)?.getTime());
    expect(delays).toEqual([30_000, 60_000, 120_000, 3_600_000, 3_600_000, 3_600_000]);
    expect(nextAttemptAt(24, policy, now)).toBeNull();
  });
});
