import { Gauge } from "prom-client";
import { sql } from "kysely";
import type { DatabaseHandle } from "#server/db/connect.ts";
import type { OutboxChannel } from "#server/db/schema.ts";
import { log } from "#server/log.ts";
import { unsentMessage } from "#server/outbox/migration.ts";
import { READY_TIMEOUT_MS, withTimeout } from "#server/ops/endpoints.ts";
import { LANES, registry } from "#server/ops/metrics.ts";
import type { PartMonitor } from "#server/ops/parts.ts";
import { dataDirSpace } from "#server/ops/site-parts.ts";

interface Reading {
  lanes: Map<OutboxChannel, { depth: number; oldest: Date | null; failed: number }>;
  sendsInProgress: number;
  calendars: { ok: number; failing: number };
  parts: Array<{ key: string; state: string }>;
}

const GAUGES = [
  "site_database_up",
  "site_outbox_depth",
  "site_outbox_oldest_message_age_seconds",
  "site_outbox_failed_messages",
  "site_article_sends_in_progress",
  "site_calendars",
  "site_part_failing",
  "site_backup_last_success_timestamp_seconds",
  "site_data_dir_free_bytes",
  "site_build_info",
];

const READING_FRESH_MS = 1000;

export interface SiteGaugesDeps {
  handle: DatabaseHandle;
  monitor: PartMonitor;
  dataDir: string;
  lastBackup: () => Date | null;
  version: string;
}

/** Each query walks an index, so a scrape costs the same with a million messages kept. */
export function registerSiteGauges(deps: SiteGaugesDeps): void {
  const { handle } = deps;
  // A second app in one process (a test's) replaces the first's gauges.
  for (const name of GAUGES) registry.removeSingleMetric(name);
  let cached: { at: number; reading: Promise<Reading | null> } | undefined;

  async function read(): Promise<Reading> {
    const now = new Date();
    const unsent = await handle.db
      .selectFrom("outbox")
      .select((eb) => [
        "channel",
        eb.fn.countAll<number>().as("depth"),
        sql<Date | string | null>`min(case when attempts = 0 then next_attempt_at else created_at end)`.as("oldest"),
      ])
      .where(unsentMessage)
      .where((eb) => eb.or([eb("attempts", ">", 0), eb("next_attempt_at", "<=", now)]))
      .groupBy("channel")
      .execute();
    const failed = await handle.db
      .selectFrom("outbox")
      .select((eb) => ["channel", eb.fn.countAll<number>().as("n")])
      .where("status", "=", "failed")
      .groupBy("channel")
      .execute();
    const lanes = new Map(
      LANES.map((lane) => {
        const row = unsent.find((r) => r.channel === lane);
        return [
          lane,
          {
            depth: Number(row?.depth ?? 0),
            oldest: row?.oldest ? new Date(row.oldest) : null,
            failed: Number(failed.find((r) => r.channel === lane)?.n ?? 0),
          },
        ];
      }),
    );
    const sends = await handle.db
      .selectFrom("outbox")
      .select(sql<number>`count(distinct article_send_id)`.as("n"))
      .where(unsentMessage)
      .where("channel", "=", "newsletter")
      .executeTakeFirstOrThrow();
    const calendars = await handle.db.selectFrom("calendar_sources").select("failing_since").execute();
    const failing = calendars.filter((row) => row.failing_since).length;
    const parts = (await deps.monitor.statuses()).map((part) => ({ key: part.key, state: part.state }));
    return { lanes, sendsInProgress: Number(sends.n), calendars: { ok: calendars.length - failing, failing }, parts };
  }

  function reading(): Promise<Reading | null> {
    if (!cached || Date.now() - cached.at > READING_FRESH_MS) {
      cached = {
        at: Date.now(),
        reading: withTimeout(read(), READY_TIMEOUT_MS, "The database").catch((error: unknown) => {
          log.warn("Metrics: the database's figures are left out of this scrape:", error);
          return null;
        }),
      };
    }
    return cached.reading;
  }

  function gauge<L extends string>(name: string, help: string, labelNames: readonly L[], set: (g: Gauge<L>, r: Reading) => void) {
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        const r = await reading();
        if (r) set(this, r);
      },
    });
  }

  new Gauge({
    name: "site_database_up",
    help: "1 when the database answered this scrape's questions in time, else 0",
    registers: [registry],
    async collect() {
      this.set((await reading()) ? 1 : 0);
    },
  });
  gauge("site_outbox_depth", "Outbox messages due or waiting for a retry, by lane", ["lane"], (g, r) => {
    for (const [lane, figures] of r.lanes) g.set({ lane }, figures.depth);
  });
  gauge(
    "site_outbox_oldest_message_age_seconds",
    "Age of the lane's oldest message due or waiting for a retry (0 when none)",
    ["lane"],
    (g, r) => {
      for (const [lane, figures] of r.lanes)
        g.set({ lane }, figures.oldest ? Math.max(0, (Date.now() - figures.oldest.getTime()) / 1000) : 0);
    },
  );
  gauge(
    "site_outbox_failed_messages",
    "Outbox messages kept as failed (attempts used up or refused for good), by lane",
    ["lane"],
    (g, r) => {
      for (const [lane, figures] of r.lanes) g.set({ lane }, figures.failed);
    },
  );
  gauge("site_article_sends_in_progress", "Articles being mailed to the newsletter's subscribers", [], (g, r) => g.set(r.sendsInProgress));
  gauge("site_calendars", "The consultants' calendars by state of their last read", ["state"], (g, r) => {
    g.set({ state: "ok" }, r.calendars.ok);
    g.set({ state: "failing" }, r.calendars.failing);
  });
  gauge("site_part_failing", "1 while a part of the site fails (the System page's), else 0", ["part"], (g, r) => {
    for (const part of r.parts) g.set({ part: part.key }, part.state === "failing" ? 1 : 0);
  });
  new Gauge({
    name: "site_backup_last_success_timestamp_seconds",
    help: "When the latest backup of the embedded database was taken (absent before the first, and when the site takes none)",
    registers: [registry],
    collect() {
      this.reset();
      const last = deps.lastBackup();
      if (last) this.set(last.getTime() / 1000);
    },
  });
  new Gauge({
    name: "site_data_dir_free_bytes",
    help: "Free space on the disk of this instance's DATA_DIR",
    registers: [registry],
    async collect() {
      this.set((await dataDirSpace(deps.dataDir)).free);
    },
  });
  new Gauge({
    name: "site_build_info",
    help: "The build this instance runs, and its Node",
    labelNames: ["version", "node"],
    registers: [registry],
  }).set({ version: deps.version, node: process.versions.node }, 1);
}
