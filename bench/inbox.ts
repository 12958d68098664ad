// Inbox queries at 100,000 leads seeded through the lead tables, so the triggers fill `leads` as in production,
// on SQLite and PostgreSQL. Writes bench/results/inbox.json and .md.
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Kysely, sql } from "kysely";
import pg from "pg";
import { findHoldings } from "#server/admin/forget.ts";
import { type Cursor, decodeCursor, everyLead, type InboxFilter } from "#server/admin/filter.ts";
import { exportRows } from "#server/admin/lead-export.ts";
import { listLeads } from "#server/admin/lead-list.ts";
import type { Database } from "#server/db/schema.ts";
import type { DatabaseHandle } from "#server/db/connect.ts";
import { openSiteDatabase } from "#server/migrations.ts";

const LEADS = 100_000;
const RUNS = 30;
const WARMUP = 3;
const BATCH = 500;
const SPAN_MS = 2 * 365 * 24 * 3600_000;
const DAY_MS = 24 * 3600_000;

const firstNames = ["Thandi", "Pieter", "Lerato", "Sipho", "Anele", "Johan", "Naledi", "Ruan", "Zanele", "Kabelo", "Megan", "Tshepo"];
const lastNames = ["Nkosi", "van Wyk", "Dlamini", "Botha", "Mokoena", "Naidoo", "Pillay", "Smith", "Khumalo", "Steyn", "Ndlovu", "Jacobs"];
const industries = ["Logistics", "Wines", "Dental", "Solar", "Attorneys", "Fitness", "Retail", "Software", "Plumbing", "Tours"];

interface Row {
  table: "form_submissions" | "company_profile_leads" | "service_orders" | "bookings";
  values: Record<string, unknown>;
}

function lead(i: number, now: number): Row {
  const name = `${firstNames[i % firstNames.length]} ${lastNames[(i * 7) % lastNames.length]}`;
  const company = `${lastNames[(i * 3) % lastNames.length]} ${industries[i % industries.length]}`;
  const email = `lead${i}@example${i % 97}.co.za`;
  const created_at = new Date(now - Math.floor((i / LEADS) * SPAN_MS));
  const origin = { bot_check: "altcha", client_address: `198.51.100.${i % 250}`, user_agent: "InboxBench/1.0", created_at };
  const kind = i % 10;
  if (kind < 7) {
    const formType = (["contact", "contact", "audit", "AI Assessment Request", "newsletter", "contact", "audit"] as const)[kind]!;
    return {
      table: "form_submissions",
      values: {
        ...origin,
        form_type: formType,
        name: formType === "newsletter" ? "Newsletter Subscriber" : name,
        email,
        company: formType === "newsletter" ? null : company,
        website: formType === "newsletter" ? null : `www.${company.toLowerCase().replace(/\s+/g, "")}.co.za`,
        budget: "6.5k-12.4k",
        service: "google-ads",
        platform: null,
        message: `We would like more leads for ${company}.`,
      },
    };
  }
  if (kind === 7) return { table: "company_profile_leads", values: { ...origin, name, email, company, phone: "+27 82 555 0101" } };
  if (kind === 8) {
    return {
      table: "service_orders",
      values: {
        ...origin,
        name,
        email,
        phone: "+27 82 555 0101",
        company,
        website: null,
        service: "googleAds",
        tier: "Growth",
        additional_services: "[]",
        industry: industries[i % industries.length],
        current_marketing: null,
        monthly_budget: "R 20,000 - R 50,000",
        goals: "More qualified leads",
        start_date: "Within 1 month",
        team_size: null,
        current_challenges: null,
        additional_info: null,
      },
    };
  }
  const slot = new Date(created_at.getTime() + 3 * DAY_MS);
  return {
    table: "bookings",
    values: {
      ...origin,
      name,
      email,
      company,
      phone: null,
      website: null,
      message: null,
      slot_start: slot,
      slot_end: new Date(slot.getTime() + 15 * 60_000),
      status: "confirmed",
      sequence: 0,
      updated_at: created_at,
    },
  };
}

async function seed(db: Kysely<Database>): Promise<number> {
  const started = performance.now();
  const now = Date.now();
  for (let from = 0; from < LEADS; from += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, LEADS - from) }, (_, k) => lead(from + k, now));
    await db.transaction().execute(async (trx) => {
      for (const [table, group] of Map.groupBy(rows, (r) => r.table)) {
        const ids = await trx
          .insertInto(table as "form_submissions")
          .values(group.map((r) => r.values) as never)
          .returning("id")
          .execute();
        await trx
          .insertInto("outbox")
          .values(
            group.map((r, k) => ({
              kind: "Contact",
              lead_table: table,
              lead_id: ids[k]!.id,
              reply_to: r.values.email as string,
              recipient: null,
              attachments: null,
              subject: "New contact form message",
              text_body: "…",
              html_body: "…",
              status: "sent" as const,
              attempts: 1,
              next_attempt_at: r.values.created_at as Date,
              created_at: r.values.created_at as Date,
            })),
          )
          .execute();
      }
    });
  }
  await sql`update leads set status = case id % 50 when 0 then 'won' when 10 then 'lost' when 20 then 'spam' when 30 then 'qualified' else 'contacted' end where id % 10 = 0`.execute(
    db,
  );
  return performance.now() - started;
}

interface Timing {
  query: string;
  rows: number;
  medianMs: number;
  p95Ms: number;
}

async function time(query: string, run: () => Promise<number>): Promise<Timing> {
  for (let i = 0; i < WARMUP; i++) await run();
  const samples: number[] = [];
  let rows = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    rows = await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  return { query, rows, medianMs: round(at(0.5)), p95Ms: round(at(0.95)) };
}

const round = (ms: number) => Math.round(ms * 100) / 100;
const none: InboxFilter = everyLead;

async function measure(handle: DatabaseHandle): Promise<{ seedMs: number; timings: Timing[] }> {
  const db = handle.db;
  const seedMs = await seed(db);
  await sql`analyze`.execute(db);

  let deep: Cursor | undefined;
  for (let page = 0; page < 20; page++) deep = decodeCursor((await listLeads(db, none, { older: deep })).older);
  const now = new Date();
  const monthAgo = new Date(now.getTime() - 45 * DAY_MS).toISOString().slice(0, 10);
  const twoWeeksAgo = new Date(now.getTime() - 15 * DAY_MS).toISOString().slice(0, 10);
  const mail = { dir: path.join(tmpdir(), "inbox-bench-no-mail"), host: "localhost" };
  const page = (filter: Partial<InboxFilter>, cursor?: Cursor) => async () =>
    (await listLeads(db, { ...none, ...filter }, { older: cursor })).leads.length;

  const timings = [
    await time("first page (50 newest)", page({})),
    await time("20th page (keyset)", page({}, deep)),
    await time("filter: form Contact", page({ type: "contact" })),
    await time("filter: status Won (2%)", page({ status: "won" })),
    await time("filter: one month, SAST days", page({ from: monthAgo, to: twoWeeksAgo })),
    await time("filter: Service order + status Contacted", page({ type: "order", status: "contacted" })),
    await time("search: company word (10% match)", page({ q: "logistics" })),
    await time("search: one email (1 match)", page({ q: "lead76543@example" })),
    await time("search: no match (full scan)", page({ q: "zzzz-nobody" })),
    await time("search + filter: Booking, 'naidoo'", page({ type: "booking", q: "naidoo" })),
    await time("forget: look up one email", async () => (await findHoldings(db, mail, "lead4321@example53.co.za")).leads.length),
  ];
  const exported = await time("CSV export: form Service order (10,000 rows)", async () => {
    let rows = 0;
    for await (const _ of exportRows(db, { ...none, type: "order" })) rows++;
    return rows;
  });
  timings.push(exported);
  return { seedMs: round(seedMs), timings };
}

async function onSqlite() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "inbox-bench-"));
  const handle = await openSiteDatabase({ DATA_DIR: dataDir });
  try {
    return await measure(handle);
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(base: string) {
  const schema = `bench_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client(base);
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(base);
  url.searchParams.set("options", `-c search_path=${schema}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), "inbox-bench-"));
  const handle = await openSiteDatabase({ DATA_DIR: dataDir, DATABASE_URL: url.toString() });
  try {
    return await measure(handle);
  } finally {
    await handle.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results: Record<string, Awaited<ReturnType<typeof onSqlite>>> = {};
console.log(`Seeding ${LEADS.toLocaleString("en-ZA")} leads into SQLite…`);
results.sqlite = await onSqlite();
const pgUrl = process.env.TEST_DATABASE_URL;
if (pgUrl) {
  console.log(`Seeding ${LEADS.toLocaleString("en-ZA")} leads into PostgreSQL…`);
  results.postgres = await onPostgres(pgUrl);
}

mkdirSync("bench/results", { recursive: true });
writeFileSync(
  "bench/results/inbox.json",
  JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, leads: LEADS, runs: RUNS, results }, null, 2),
);
const kinds = Object.keys(results);
const md = [
  `## Lead inbox at ${LEADS.toLocaleString("en-ZA")} leads\n`,
  `Median and 95th percentile of ${RUNS} runs each, after ${WARMUP} warm-up runs, in milliseconds (bench/inbox.ts). ` +
    `Seeding took ${kinds.map((k) => `${(results[k]!.seedMs / 1000).toFixed(1)} s on ${k}`).join(", ")}.\n`,
  `| query | rows | ${kinds.map((k) => `${k} median | ${k} p95`).join(" | ")} |`,
  `|---|---:|${kinds.map(() => "---:|---:").join("|")}|`,
  ...results.sqlite!.timings.map(
    (t, i) =>
      `| ${t.query} | ${t.rows} | ${kinds.map((k) => `${results[k]!.timings[i]!.medianMs} | ${results[k]!.timings[i]!.p95Ms}`).join(" | ")} |`,
  ),
  "",
].join("\n");
writeFileSync("bench/results/inbox.md", md);
console.log(md);
