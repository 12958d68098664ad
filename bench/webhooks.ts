// Webhook delivery through the outbox to a loopback receiver that verifies each signature, on SQLite and PostgreSQL:
// one lead from commit to receipt, then a backlog drained by one worker. Writes bench/results/webhooks.json and .md.
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { Webhook } from "standardwebhooks";
import { forms } from "#app/forms/registry.ts";
import type { DatabaseSettings } from "#server/db/connect.ts";
import { LeadStore } from "#server/leads/store.ts";
import { OutboxStore } from "#server/outbox/store.ts";
import { parseEnv } from "#server/env.ts";
import { openSiteDatabase } from "#server/migrations.ts";
import { startOutboxWorker } from "#server/outbox/worker.ts";
import { webhookSenders } from "#server/webhooks/deliver.ts";
import { queueLeadEvent } from "#server/webhooks/queue.ts";
import { startWebhookReceiver } from "#tests/support/webhook-receiver.ts";
import { percentile } from "#bench/latency.ts";

const ONE_BY_ONE = 200;
const BACKLOG = 1000;
const SECRET = `whsec_${randomBytes(32).toString("base64")}`;

const until = async (done: () => boolean) => {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 1));
};

async function measure(database: DatabaseSettings) {
  const receiver = await startWebhookReceiver();
  const verifier = new Webhook(SECRET);
  const settings = parseEnv({ SITE_URL: "https://www.roimedia.test", LEAD_WEBHOOK_URL: receiver.url, LEAD_WEBHOOK_SECRET: SECRET });
  const handle = await openSiteDatabase(database);
  const leads = new LeadStore(handle);
  const mailer = { description: "none", send: async () => {}, close() {} };
  const worker = () =>
    startOutboxWorker({
      outbox: new OutboxStore(handle),
      mailer,
      senders: webhookSenders(settings),
      pollMs: 60_000,
      retry: { baseMs: 1000, maxMs: 1000, maxAttempts: 5 },
      messageIdHost: "bench",
      leaseMs: 120_000,
    });
  async function save(i: number) {
    const lead = forms.contact.row({ name: `Lead ${i}`, email: `lead${i}@example.co.za`, company: "Acme", website: "", message: "Hello" });
    const origin = { botCheck: "altcha" as const, clientAddress: "198.51.100.1", userAgent: "bench", receivedAt: new Date() };
    const notice = (id: number) => ({ kind: "Contact", replyTo: null, subject: `Lead ${id}`, text: "text", html: "<p>html</p>" });
    await leads.saveLead(lead, origin, notice, (trx, id) =>
      queueLeadEvent(trx, settings, {
        form: forms.contact,
        lead: { table: lead.table, id },
        row: lead.row,
        receivedAt: origin.receivedAt,
        page: "/contact",
      }),
    );
  }

  const running = worker();
  const latencies: number[] = [];
  for (let i = 0; i < ONE_BY_ONE; i++) {
    const before = receiver.received.length;
    await save(i);
    const committed = performance.now();
    running.nudge();
    await until(() => receiver.received.length > before);
    latencies.push(performance.now() - committed);
  }
  await running.stop();

  for (let i = 0; i < BACKLOG; i++) await save(ONE_BY_ONE + i);
  const before = receiver.received.length;
  const started = performance.now();
  const draining = worker();
  await until(() => receiver.received.length - before >= BACKLOG);
  const backlogMs = performance.now() - started;
  await draining.stop();

  for (const request of receiver.received) verifier.verify(request.body, request.headers as Record<string, string>);
  const ids = new Set(receiver.received.map((request) => request.headers["webhook-id"]));
  await handle.close();
  await receiver.close();
  latencies.sort((a, b) => a - b);
  return {
    oneByOne: { leads: ONE_BY_ONE, medianMs: percentile(latencies, 50), p95Ms: percentile(latencies, 95), maxMs: latencies.at(-1)! },
    backlog: { leads: BACKLOG, ms: backlogMs, perSecond: (BACKLOG / backlogMs) * 1000 },
    requests: receiver.received.length,
    distinctIds: ids.size,
  };
}

const results: Record<string, Awaited<ReturnType<typeof measure>>> = {};
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-webhooks-"));
try {
  results.sqlite = await measure({ DATA_DIR: dataDir });
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const name = `bench_webhooks_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client(base);
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    try {
      results.postgres = await measure({ DATA_DIR: dataDir, DATABASE_URL: url.toString() });
    } finally {
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

mkdirSync("bench/results", { recursive: true });
writeFileSync(
  "bench/results/webhooks.json",
  JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, results }, null, 2),
);
const ms = (value: number) => `${value.toFixed(1)} ms`;
writeFileSync(
  "bench/results/webhooks.md",
  [
    "## Webhooks (a receiver on loopback, every signature verified)\n",
    `One lead at a time (${ONE_BY_ONE}): from its commit to the receiver's receipt. Backlog: ${BACKLOG} queued with no worker running, drained by one.\n`,
    "| database | median | p95 | max | backlog drained | per second | requests | distinct ids |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    ...Object.entries(results).map(
      ([kind, r]) =>
        `| ${kind} | ${ms(r.oneByOne.medianMs)} | ${ms(r.oneByOne.p95Ms)} | ${ms(r.oneByOne.maxMs)} | ${(r.backlog.ms / 1000).toFixed(2)} s | ${r.backlog.perSecond.toFixed(0)} | ${r.requests} | ${r.distinctIds} |`,
    ),
    "",
  ].join("\n"),
);
console.log(`bench/results/webhooks.md written`);
