// An article sent to the newsletter (decision 0038) over SMTP on loopback, on SQLite and PostgreSQL: starting the send,
// one worker's uncapped speed, and how closely it keeps a rate. Writes bench/results/article-send.json and .md.
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { specContact } from "#app/content/contact-details.ts";
import { team } from "#app/content/team.ts";
import { COMMAND_LINE } from "#server/audit/audit.ts";
import { newsletterSender, startArticleSend } from "#server/articles/send.ts";
import { createArticle, saveArticle } from "#server/articles/store.ts";
import type { DatabaseSettings } from "#server/db/connect.ts";
import { createMailer } from "#server/mail/transport.ts";
import { openSiteDatabase } from "#server/migrations.ts";
import { Newsletter } from "#server/newsletter/subscribers.ts";
import { OutboxStore } from "#server/outbox/store.ts";
import { startOutboxWorker } from "#server/outbox/worker.ts";
import { freePort } from "#tests/support/server.ts";
import { startSmtpCounter } from "#tests/support/smtp-counter.ts";

const SUBSCRIBERS = 300;
/** Far above what one worker and one mail server on loopback do: the figure is the send's own speed. */
const UNCAPPED_PER_MINUTE = 60_000;
const PACED_PER_MINUTE = 240;
const PACED = 40;
const SITE_URL = "https://www.roimedia.test";

const until = async (done: () => boolean) => {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
};

const body = Array.from(
  { length: 30 },
  (_, i) => `## Part ${i + 1}\n\n${"Spend follows the figures, not the feeling. ".repeat(10)}\n`,
).join("\n");

async function sendOnce(database: DatabaseSettings, subscribers: number, perMinute: number) {
  const smtp = await startSmtpCounter(await freePort());
  const handle = await openSiteDatabase(database);
  const newsletter = new Newsletter(handle, randomBytes(32), SITE_URL);
  const mailer = createMailer({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, DATA_DIR: database.DATA_DIR });
  const now = new Date();
  for (let start = 0; start < subscribers; start += 500) {
    const rows = Array.from({ length: Math.min(500, subscribers - start) }, (_, i) => {
      const email = `reader-${start + i}-${now.getTime()}@example.co.za`;
      return {
        email,
        email_key: email,
        mailbox: email,
        status: "confirmed" as const,
        signed_up_at: now,
        signup_page: "/blog",
        consent_text: "Yes",
        signup_address: "192.0.2.1",
        signup_user_agent: null,
        bot_check: "altcha" as const,
        confirmed_at: now,
        confirmation_sent_at: now,
        confirmations_sent: 1,
      };
    });
    await handle.db.insertInto("newsletter_subscribers").values(rows).execute();
  }
  const content = {
    slug: `bench-${now.getTime()}`,
    title: "Bench article",
    excerpt: "An article for the bench.",
    category: "Google Ads",
    author: "lindiwe-dlamini",
    keywords: [],
    seoTitle: null,
    seoDescription: null,
    imagePath: "/blog/images/bench.svg",
    imageAlt: "A chart",
    body,
    featured: false,
    readTimeMinutes: null,
  };
  const created = await createArticle(handle.db, content, COMMAND_LINE);
  if (!created.ok) throw new Error("could not create the bench article");
  const published = await saveArticle(handle.db, created.id, created.version, content, { to: "published" }, COMMAND_LINE);
  if (!published.ok) throw new Error("could not publish the bench article");

  const queueStarted = performance.now();
  const started = await startArticleSend(
    handle,
    created.id,
    COMMAND_LINE,
    { siteUrl: SITE_URL, perMinute, team, contact: specContact },
    new Date(),
  );
  const queueMs = performance.now() - queueStarted;
  if (!started.ok) throw new Error(`the send did not start: ${started.problem}`);

  const sendStarted = performance.now();
  const worker = startOutboxWorker({
    outbox: new OutboxStore(handle),
    mailer,
    senders: { newsletter: newsletterSender({ handle, links: newsletter, mailer, messageIdHost: "bench", perMinute }) },
    pollMs: 50,
    retry: { baseMs: 1000, maxMs: 1000, maxAttempts: 5 },
    messageIdHost: "bench",
    leaseMs: 120_000,
  });
  await until(() => smtp.deliveries.length >= subscribers);
  const sendMs = performance.now() - sendStarted;
  await worker.stop();
  mailer.close();
  const distinct = new Set(smtp.deliveries.map((delivery) => delivery.lead)).size;
  await handle.close();
  await smtp.stop();
  return { subscribers, perMinute, queueMs, sendMs, perSecond: (subscribers / sendMs) * 1000, distinct };
}

async function measure(database: () => Promise<DatabaseSettings>) {
  return {
    uncapped: await sendOnce(await database(), SUBSCRIBERS, UNCAPPED_PER_MINUTE),
    paced: await sendOnce(await database(), PACED, PACED_PER_MINUTE),
  };
}

const results: Record<string, Awaited<ReturnType<typeof measure>>> = {};
const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-article-send-"));
  dirs.push(dir);
  return dir;
};
try {
  results.sqlite = await measure(async () => ({ DATA_DIR: freshDir() }));
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const admin = new pg.Client(base);
    await admin.connect();
    const names: string[] = [];
    try {
      results.postgres = await measure(async () => {
        const name = `bench_article_send_${randomBytes(4).toString("hex")}`;
        await admin.query(`CREATE DATABASE ${name}`);
        names.push(name);
        const url = new URL(base);
        url.pathname = `/${name}`;
        return { DATA_DIR: freshDir(), DATABASE_URL: url.toString() };
      });
    } finally {
      for (const name of names) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
} finally {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}

mkdirSync("bench/results", { recursive: true });
writeFileSync(
  "bench/results/article-send.json",
  JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, results }, null, 2),
);
writeFileSync(
  "bench/results/article-send.md",
  [
    "## Sending an article to the newsletter (one worker, a real SMTP server on loopback)\n",
    `Queue: the transaction that writes the send and a copy per confirmed subscriber. Uncapped: ${SUBSCRIBERS} copies with NEWSLETTER_RATE_PER_MINUTE at ${UNCAPPED_PER_MINUTE}, far above what one worker does: it opens an SMTP connection per copy, and this test server (smtp-server) waits 100 ms before greeting each. ` +
      `Paced: ${PACED} copies at ${PACED_PER_MINUTE} a minute (${PACED_PER_MINUTE / 60} a second): the rate kept.\n`,
    "| database | queue (uncapped run) | uncapped: sent | per second | paced: sent | per second (target) | every copy once |",
    "|---|---:|---:|---:|---:|---:|---|",
    ...Object.entries(results).map(
      ([kind, { uncapped, paced }]) =>
        `| ${kind} | ${uncapped.queueMs.toFixed(0)} ms | ${(uncapped.sendMs / 1000).toFixed(2)} s | ${uncapped.perSecond.toFixed(0)} | ${(paced.sendMs / 1000).toFixed(2)} s | ${paced.perSecond.toFixed(1)} (${PACED_PER_MINUTE / 60}) | ${uncapped.distinct === uncapped.subscribers && paced.distinct === paced.subscribers ? "yes" : "no"} |`,
    ),
    "",
  ].join("\n"),
);
console.log("bench/results/article-send.md written");
