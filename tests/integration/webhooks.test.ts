import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it } from "vitest";
import { botFields } from "#app/forms/bot-fields.ts";
import { forms } from "#app/forms/registry.ts";
import { COMMAND_LINE } from "#server/audit/audit.ts";
import { forgetPerson } from "#server/admin/forget.ts";
import { leadDetail } from "#server/admin/lead-detail.ts";
import type { DatabaseHandle } from "#server/db/connect.ts";
import type { LeadOrigin } from "#server/forms/lead.ts";
import { siteStores } from "#tests/support/database.ts";
import { parseEnv } from "#server/env.ts";
import type { Mailer } from "#server/mail/transport.ts";
import { openSiteDatabase } from "#server/migrations.ts";
import { type OutboxWorker, startOutboxWorker } from "#server/outbox/worker.ts";
import { webhookSenders } from "#server/webhooks/deliver.ts";
import type { LeadEventV1 } from "#server/webhooks/payload.ts";
import { queueLeadEvent } from "#server/webhooks/queue.ts";
import { createUser } from "#tests/support/admin-users.ts";
import { InboxBrowser } from "#tests/support/inbox-browser.ts";
import { createTestDatabase, databaseKinds, readSiteDb, type TestDatabase } from "#tests/support/database.ts";
import { enhanced, formTokenAged, newsletterLinks, outboxPollsSince, postLead, solveAltcha, waitFor } from "#tests/support/leads.ts";
import { allowConsoleError } from "#tests/support/no-console-errors.ts";
import { altchaTokens } from "#tests/support/altcha-tokens.ts";
import { startCluster } from "#tests/support/cluster.ts";
import { postLeadFrom } from "#tests/support/loopback-client.ts";
import { freePort, startServer } from "#tests/support/server.ts";
import { type ReceivedRequest, startWebhookReceiver, type WebhookReceiver } from "#tests/support/webhook-receiver.ts";

/**
 * Delivery to the agency's tools (docs/decisions/0016) on SQLite and, when
 * TEST_DATABASE_URL is set, PostgreSQL: a lead stored with the webhook set
 * queues its event in the same transaction; the worker delivers it to a
 * receiver on loopback, signed as Standard Webhooks says, at least once and
 * with the same id on every try.
 */

const SECRET = `whsec_${randomBytes(32).toString("base64")}`;
const POLL_MS = 50;
const retry = { baseMs: 50, maxMs: 200, maxAttempts: 100 };

const origin = (): LeadOrigin => ({
  botCheck: "altcha",
  clientAddress: "198.51.100.9",
  userAgent: "WebhookTest/1.0",
  receivedAt: new Date(),
});
const notice = (id: number) => ({ kind: "Contact", replyTo: null, subject: `Lead ${id}`, text: "text", html: "<p>html</p>" });

/** The settings as the server parses them, with the webhook (and Slack) pointed at `url`. */
const settingsFor = (webhook: string | undefined, more: Record<string, string> = {}) =>
  parseEnv({ SITE_URL: "https://www.roimedia.test", LEAD_WEBHOOK_URL: webhook, LEAD_WEBHOOK_SECRET: webhook && SECRET, ...more });

/** The receiver's checks, as its own code would make them: the signature, then the event. */
function verified(request: ReceivedRequest): LeadEventV1 {
  return new Webhook(SECRET).verify(request.body, request.headers as Record<string, string>) as LeadEventV1;
}

const idOf = (request: ReceivedRequest) => String(request.headers["webhook-id"]);

const quietMailer: Mailer = { description: "test", send: async () => {}, close() {} };

interface OutboxRow {
  id: number;
  channel: string;
  status: string;
  attempts: number;
  webhook_id: string | null;
  last_error: string | null;
  sent_at: Date | string | null;
  lead_id: number;
}

describe.each(databaseKinds)("webhooks on %s", (kind) => {
  let database: TestDatabase | undefined;
  const cleanup: Array<() => Promise<unknown> | unknown> = [];

  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
    await database?.dispose();
    database = undefined;
  });

  async function open(settings: ReturnType<typeof settingsFor>, { mailer = quietMailer } = {}) {
    database = await createTestDatabase(kind);
    const handle: DatabaseHandle = await openSiteDatabase(database.settings);
    cleanup.push(() => handle.close());
    const { leads, outbox: outboxStore } = siteStores(handle);
    const worker: OutboxWorker = startOutboxWorker({
      outbox: outboxStore,
      mailer,
      senders: webhookSenders(settings),
      pollMs: POLL_MS,
      retry,
      messageIdHost: "test",
      leaseMs: 120_000,
    });
    cleanup.push(() => worker.stop());
    /** Stores a contact lead as the pipeline does: its mail and its webhook in one transaction. */
    async function saveContact(name: string, email = `${name.toLowerCase().replace(/\W+/g, ".")}@example.co.za`) {
      const lead = forms.contact.row({ name, email, company: "Nkosi Retail", website: "", message: "Hello <!channel>" });
      const at = origin();
      const { leadId } = await leads.saveLead(lead, at, notice, (trx, id) =>
        queueLeadEvent(trx, settings, {
          form: forms.contact,
          lead: { table: lead.table, id },
          row: lead.row,
          receivedAt: at.receivedAt,
          page: "/services/google-ads",
        }),
      );
      worker.nudge();
      return leadId;
    }
    const outbox = (channel = "webhook") =>
      handle.db
        .selectFrom("outbox")
        .selectAll()
        .where("channel", "=", channel as "webhook")
        .orderBy("id")
        .execute() as Promise<OutboxRow[]>;
    return { handle, leads, worker, saveContact, outbox };
  }

  async function receiverOn(port?: number): Promise<WebhookReceiver> {
    const receiver = await startWebhookReceiver(port);
    cleanup.push(() => receiver.close());
    return receiver;
  }

  it("delivers each lead once by id after the receiver was down, signed so the receiver can verify it", async () => {
    const port = await freePort();
    const settings = settingsFor(`http://127.0.0.1:${port}/hooks/leads`);
    const { saveContact, outbox } = await open(settings);
    const ids = [await saveContact("Thandi Nkosi"), await saveContact("Pieter van Wyk"), await saveContact("Ayesha Patel")];

    // Nothing listens: every delivery fails, is kept and tried again.
    const failing = await waitFor(async () => {
      const rows = await outbox();
      return rows.length === 3 && rows.every((r) => r.status === "retrying" && r.attempts >= 2) ? rows : undefined;
    }, "three webhooks retrying after failed attempts");
    for (const row of failing) expect(row.last_error).toMatch(/ECONNREFUSED|fetch failed/);

    const receiver = await receiverOn(port);
    const sent = await waitFor(async () => {
      const rows = await outbox();
      return rows.every((r) => r.status === "sent") ? rows : undefined;
    }, "every webhook delivered once the receiver is up");
    const lastSent = sent.map((r) => new Date(r.sent_at!).getTime()).sort((a, b) => b - a)[0]!;
    await outboxPollsSince(new Date(lastSent), POLL_MS);

    // Each message exactly once, with the id it was stored with.
    expect(receiver.received.map(idOf).sort()).toEqual(sent.map((r) => r.webhook_id).sort());
    const events = receiver.received.map(verified);
    expect(events.map((e) => e.data.id).sort()).toEqual(ids.map((id) => `form_submissions:${id}`).sort());
    const thandi = events.find((e) => e.data.id === `form_submissions:${ids[0]}`)!;
    expect(thandi).toMatchObject({
      type: "lead.created",
      data: { form: "contact", formLabel: "Contact", page: "/services/google-ads" },
    });
    expect(thandi.timestamp).toBe(thandi.data.receivedAt);
    expect(thandi.data.fields).toContainEqual({ label: "Name", value: "Thandi Nkosi" });
    expect(thandi.data.fields).toContainEqual({ label: "Message", value: "Hello <!channel>" });
    const request = receiver.received.find((r) => verified(r).data.id === thandi.data.id)!;
    expect(request.headers["content-type"]).toBe("application/json");
    expect(Number(request.headers["webhook-timestamp"])).toBeGreaterThan(Date.now() / 1000 - 60);
    // A body changed on the way does not verify.
    expect(() => verified({ ...request, body: request.body.replace("Thandi", "Thabo") })).toThrow(/signature/i);
  });

  it("tries a message refused with 503 or 429 again with the same id, and a fresh signature", async () => {
    const receiver = await receiverOn();
    receiver.answer({ status: 503, body: "maintenance" }, { once: true });
    receiver.answer({ status: 429, headers: { "retry-after": "0" } }, { once: true });
    const { saveContact, outbox } = await open(settingsFor(receiver.url));
    await saveContact("Thandi Nkosi");

    const [row] = await waitFor(async () => {
      const rows = await outbox();
      return rows[0]?.status === "sent" ? rows : undefined;
    }, "the webhook delivered on its third try");
    expect(row).toMatchObject({ attempts: 3, last_error: null });
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map(idOf))).toEqual(new Set([row!.webhook_id]));
    for (const request of receiver.received) expect(verified(request).type).toBe("lead.created");
  });

  it("waits as long as Retry-After asks, up to the longest retry delay", async () => {
    const receiver = await receiverOn();
    receiver.answer({ status: 503, headers: { "retry-after": "3600" } }, { once: true });
    // Then it holds the next try, so the first failure's schedule stays to be read.
    receiver.answer("hang");
    const { saveContact, outbox, handle } = await open(settingsFor(receiver.url));
    await saveContact("Thandi Nkosi");
    await waitFor(async () => ((await outbox())[0]?.status === "retrying" ? true : undefined), "the webhook retrying");
    const [row] = await handle.db.selectFrom("outbox").select(["created_at", "next_attempt_at"]).where("channel", "=", "webhook").execute();
    // The backoff alone would be 50 ms; the receiver asked for an hour, capped at the policy's 200 ms.
    const wait = new Date(row!.next_attempt_at).getTime() - new Date(row!.created_at).getTime();
    expect(wait).toBeGreaterThanOrEqual(retry.maxMs);
    expect(wait).toBeLessThan(60_000);
  });

  it("keeps a message the receiver refuses with a 4xx as failed, without trying it again, and says why", async () => {
    allowConsoleError(
      /Webhook \d+ \(lead\.created\) was refused and is kept as failed in the outbox, not retried: HTTP 400: unknown field/,
    );
    const receiver = await receiverOn();
    receiver.answer({ status: 400, body: "unknown field" });
    const { saveContact, outbox } = await open(settingsFor(receiver.url));
    await saveContact("Thandi Nkosi");

    const [row] = await waitFor(async () => {
      const rows = await outbox();
      return rows[0]?.status === "failed" ? rows : undefined;
    }, "the webhook kept as failed");
    expect(row).toMatchObject({ attempts: 1, last_error: "HTTP 400: unknown field" });
    await outboxPollsSince(new Date(), POLL_MS);
    expect(receiver.received).toHaveLength(1);
  });

  it("gives a receiver that does not answer a deadline, while the mail goes out, and reads only the start of an endless error", async () => {
    const receiver = await receiverOn();
    receiver.answer("hang", { once: true });
    receiver.answer("endless", { once: true });
    const mailed: string[] = [];
    const mailer: Mailer = { description: "test", send: async (mail) => void mailed.push(mail.subject), close() {} };
    const { saveContact, outbox } = await open(settingsFor(receiver.url, { WEBHOOK_TIMEOUT_MS: "300" }), { mailer });
    const leadId = await saveContact("Thandi Nkosi");

    // The mail does not wait for the webhook's lane.
    await waitFor(() => mailed.includes(`Lead ${leadId}`) || undefined, "the notification mailed");
    expect((await outbox())[0]?.status).not.toBe("sent");

    const errors: string[] = [];
    const [row] = await waitFor(async () => {
      const rows = await outbox();
      if (rows[0]?.last_error && !errors.includes(rows[0].last_error)) errors.push(rows[0].last_error);
      return rows[0]?.status === "sent" ? rows : undefined;
    }, "the webhook delivered on its third try");
    expect(row!.attempts).toBe(3);
    expect(errors).toContain("no answer within 300 ms");
    const endless = errors.find((e) => e.startsWith("HTTP 500"));
    expect(endless).toMatch(/^HTTP 500: x{100}/);
    expect(endless!.length).toBeLessThan(400);
  });

  it("lets the server stop while a receiver does not answer: the message is kept to be tried again", async () => {
    const receiver = await receiverOn();
    receiver.answer("hang");
    const { saveContact, outbox, worker } = await open(settingsFor(receiver.url, { WEBHOOK_TIMEOUT_MS: "5000" }));
    await saveContact("Thandi Nkosi");
    await waitFor(() => receiver.received.length === 1 || undefined, "the receiver holding the delivery");

    await worker.stop();
    const [row] = await outbox();
    expect(row).toMatchObject({ status: "retrying", attempts: 1, last_error: "not finished: the server stopped" });
  });

  it("queues nothing when no webhook is set", async () => {
    const { saveContact, handle } = await open(settingsFor(undefined));
    await saveContact("Thandi Nkosi");
    const rows = await handle.db.selectFrom("outbox").select(["channel", "kind"]).execute();
    expect(rows).toEqual([{ channel: "mail", kind: "Contact" }]);
  });

  it("sends Slack a text message per lead with the visitor's text kept as text, and shows each delivery on the lead's page", async () => {
    const slack = await receiverOn();
    const hook = await receiverOn();
    hook.answer({ status: 503, body: "down for maintenance" });
    const settings = settingsFor(hook.url, { SLACK_WEBHOOK_URL: slack.url });
    const { saveContact, outbox, handle } = await open(settings);
    const leadId = await saveContact("Thandi <@U123> Nkosi", "thandi@example.co.za");

    const [message] = await waitFor(async () => {
      const rows = await outbox("slack");
      return rows[0]?.status === "sent" ? rows : undefined;
    }, "the Slack message delivered");
    expect(message!.webhook_id).toBeNull();
    const { text } = JSON.parse(slack.received[0]!.body) as { text: string };
    expect(text).toContain("*New lead: Contact* (/services/google-ads)");
    expect(text).toContain("*Name:* Thandi &lt;@U123&gt; Nkosi");
    expect(text).toContain("*Message:* Hello &lt;!channel&gt;");
    expect(text).not.toMatch(/<[@!]/);
    expect(text).toContain("<https://www.roimedia.test/admin|Open the lead inbox>");

    // The agency sees every message about the lead on its page, the failing webhook with its reason.
    await waitFor(async () => ((await outbox())[0]?.attempts ?? 0) >= 1 || undefined, "a webhook attempt");
    const admin = handle.db;
    const inboxRow = await admin
      .selectFrom("leads")
      .select("id")
      .where("lead_table", "=", "form_submissions")
      .where("lead_id", "=", leadId)
      .executeTakeFirstOrThrow();
    const detail = await leadDetail(admin, inboxRow.id);
    expect(detail!.notifications.map((n) => [n.kind, n.to])).toEqual([
      ["Contact", "agency"],
      ["lead.created", "Webhook"],
      ["lead.created", "Slack"],
    ]);
    expect(detail!.notifications[1]).toMatchObject({ status: "retrying", lastError: "HTTP 503: down for maintenance" });
    expect(detail!.canResend).toBe(true);

    // Forgetting the person takes the queued webhook and Slack messages, with their copies of the lead, too.
    await forgetPerson(
      { db: admin, mail: { dir: "/nonexistent", host: "test" }, forgetKey: randomBytes(32), purgeDeleted: handle.purgeDeleted },
      COMMAND_LINE,
      "thandi@example.co.za",
    );
    expect(await handle.db.selectFrom("outbox").select("id").execute()).toEqual([]);
  });
});

describe("webhooks from the running site", () => {
  const HMAC_KEY = "webhook-test-hmac-key-0123456789abcdef";

  it("sends the contact form's lead and a booking to the receiver as signed events, naming the page they came from", async () => {
    const receiver = await startWebhookReceiver();
    const server = await startServer({
      LEAD_WEBHOOK_URL: receiver.url,
      LEAD_WEBHOOK_SECRET: SECRET,
      ALTCHA_HMAC_KEY: HMAC_KEY,
      ALTCHA_COST: "20",
      OUTBOX_POLL_MS: "100",
    });
    try {
      expect(server.output()).toContain("also to the lead webhook");
      const fields = {
        name: "Thandi Nkosi",
        email: "thandi@example.co.za",
        company: "Nkosi Retail",
        ...enhanced(await solveAltcha(server)),
      };
      // The visitor sent it from a service page reached by an ad: the page is named, its query is not.
      const answer = await postLead(server, "/contact", fields, {
        referer: `${server.url}/services/google-ads?utm_source=google&gclid=abc`,
      });
      expect(answer.result.ok).toBe(true);

      const html = await (await fetch(`${server.url}/calendar`)).text();
      const slot = [...html.matchAll(/name="slot" value="([^"]+)"/g)][0]![1]!;
      const booked = await fetch(`${server.url}/calendar`, {
        method: "POST",
        redirect: "manual",
        body: new URLSearchParams({
          slot,
          name: "Pieter van Wyk",
          email: "pieter@example.co.za",
          company: "Van Wyk Motors",
          [botFields.honeypot]: "",
          [botFields.formToken]: formTokenAged(HMAC_KEY, 5000),
        }),
      });
      expect(booked.status).toBe(302);

      const events = await waitFor(
        () => (receiver.received.length >= 2 ? receiver.received.map(verified) : undefined),
        "the lead's and the booking's webhooks",
      );
      const lead = events.find((e) => e.type === "lead.created")!;
      expect(lead.data).toMatchObject({ form: "contact", formLabel: "Contact", page: "/services/google-ads" });
      expect(lead.data.id).toMatch(/^form_submissions:\d+$/);
      expect(lead.data.fields).toContainEqual({ label: "Company", value: "Nkosi Retail" });
      const booking = events.find((e) => e.type === "booking.created")!;
      expect(booking.data).toMatchObject({ form: "booking", formLabel: "Booking", page: "/calendar" });
      expect(booking.data.fields).toContainEqual({ label: "Name", value: "Pieter van Wyk" });
      expect(booking.data.fields).toContainEqual({ label: "Booking", value: "Confirmed" });

      // The agency sees the delivery on the lead's page in the inbox.
      await createUser(server.dataDir, "agency@roimedia.test", "a long enough passphrase");
      const agency = new InboxBrowser(server.url, "192.0.2.20");
      expect((await agency.signIn("agency@roimedia.test", "a long enough passphrase")).signedIn).toBe(true);
      const [inboxLead] = readSiteDb<{ id: number }>(server.dataDir, "SELECT id FROM leads WHERE lead_table = 'form_submissions'");
      const webhookLine = async () => {
        const page = (await agency.request(`/admin/leads/${inboxLead!.id}`)).text;
        return /<tr[^>]*>(?:(?!<\/tr>).)*lead\.created(?:(?!<\/tr>).)*<\/tr>/s.exec(page)?.[0];
      };
      // Marked sent once the receiver's answer is back, a moment after it got the request.
      const row = await waitFor(async () => {
        const line = await webhookLine();
        return line?.includes("Sent") ? line : undefined;
      }, "the webhook's line saying Sent");
      expect(row).toContain("Webhook");
    } finally {
      await server.stop();
      await receiver.close();
    }
  });
});

describe("the newsletter's events on the lead webhook", () => {
  it("a signup is a lead event with its attribution; confirming and leaving are newsletter events", async () => {
    const receiver = await startWebhookReceiver();
    const server = await startServer({
      LEAD_WEBHOOK_URL: receiver.url,
      LEAD_WEBHOOK_SECRET: SECRET,
      ALTCHA_COST: "20",
      OUTBOX_POLL_MS: "100",
    });
    try {
      const email = "reader@example.co.za";
      const attribution = JSON.stringify({
        visit: { at: new Date().toISOString(), landing: "/blog", referrer: "https://news.example.org", utm: {}, clickIds: {} },
        marketing: false,
      });
      const answer = await postLead(server, "/blog", { email, ...enhanced(await solveAltcha(server)), _attribution: attribution });
      expect(answer.result.ok).toBe(true);
      const { confirm, unsubscribe } = await newsletterLinks(server.dataDir, email);
      await fetch(`${server.url}${confirm}`, { method: "POST", body: new URLSearchParams({ intent: "confirm" }) });
      const oneClick = await fetch(`${server.url}${unsubscribe}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(oneClick.status).toBe(200);

      const events = await waitFor(
        () => (receiver.received.length >= 3 ? receiver.received.map(verified) : undefined),
        "the signup's, the confirmation's and the departure's webhooks",
      );
      expect(events.map((e) => e.type).sort()).toEqual(["lead.created", "newsletter.subscribed", "newsletter.unsubscribed"]);
      const signup = events.find((e) => e.type === "lead.created")!;
      expect(signup.data).toMatchObject({ form: "newsletter", attribution: { source: "news.example.org", medium: "referral" } });
      const subscriberId = (e: (typeof events)[number]) => (e.data as { id: string }).id;
      const [subscribed, left] = ["newsletter.subscribed", "newsletter.unsubscribed"].map((type) => events.find((e) => e.type === type)!);
      expect(subscriberId(subscribed!)).toMatch(/^newsletter_subscribers:\d+$/);
      expect(subscriberId(left!)).toBe(subscriberId(subscribed!));
      expect(left!.data).toMatchObject({ email, method: "one-click" });
    } finally {
      await server.stop();
      await receiver.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("webhooks from two instances on one PostgreSQL", () => {
  it("delivers every acknowledged lead at least once, with one id per lead, when an instance dies holding deliveries", async () => {
    const HMAC_KEY = randomBytes(32).toString("hex");
    const receiver = await startWebhookReceiver();
    // Each instance posts to a path of its own, so the test can see what the one it kills was holding.
    const base = receiver.url.replace(/\/hooks\/leads$/, "");
    receiver.answer("hang");
    const cluster = await startCluster({
      count: 2,
      env: (i) => ({
        ALTCHA_HMAC_KEY: HMAC_KEY,
        TRUST_PROXY: "x-forwarded-for",
        LEAD_WEBHOOK_URL: `${base}/hooks/${i}`,
        LEAD_WEBHOOK_SECRET: SECRET,
        WEBHOOK_TIMEOUT_MS: "250",
        OUTBOX_POLL_MS: "100",
        OUTBOX_RETRY_BASE_MS: "100",
        OUTBOX_RETRY_MAX_MS: "400",
        OUTBOX_LEASE_MS: "3000",
      }),
    });
    try {
      const tokens = await altchaTokens(HMAC_KEY, 20);
      const answers = await Promise.all(
        tokens.map((token, i) =>
          postLeadFrom(
            cluster.instances[i % 2]!.url,
            "/blog",
            { email: `crash-${i}@example.co.za`, ...enhanced(token) },
            {
              headers: { "x-forwarded-for": `10.9.0.${i + 1}` },
            },
          ),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));

      // Instance 0 is sending to a receiver that does not answer: it dies holding that message's lease.
      const held = await waitFor(() => receiver.received.find((r) => r.path === "/hooks/0"), "instance 0 delivering");
      await cluster.instances[0]!.kill();
      receiver.answer({ status: 204 });

      const stored = await cluster.query<{ id: number }>("SELECT id FROM form_submissions");
      await waitFor(
        async () => (await cluster.query("SELECT id FROM outbox WHERE channel = 'webhook' AND status <> 'sent'")).length === 0 || undefined,
        "every webhook sent by the surviving instance",
        20_000,
      );
      const idsByLead = new Map<string, Set<string>>();
      for (const request of receiver.received) {
        const event = verified(request);
        idsByLead.set(event.data.id, (idsByLead.get(event.data.id) ?? new Set()).add(idOf(request)));
      }
      expect([...idsByLead.keys()].sort()).toEqual(stored.map((row) => `form_submissions:${row.id}`).sort());
      // Tried many times (timeouts, a crash), each lead still has the one id a receiver drops repeats by.
      for (const ids of idsByLead.values()) expect(ids.size).toBe(1);
      expect(receiver.received.length).toBeGreaterThan(stored.length);
      // What the dead instance held was delivered by the other, under the same id.
      expect(receiver.received.some((r) => r.path === "/hooks/1" && idOf(r) === idOf(held))).toBe(true);
    } finally {
      await cluster.stop();
      await receiver.close();
    }
  });
});
