import type { Kysely } from "kysely";
import type { ContactContent } from "#app/content/contact-details.ts";
import { formatSast } from "#app/lib/sast.ts";
import type { DatabaseHandle } from "#server/db/connect.ts";
import { log } from "#server/log.ts";
import type { BusyInterval } from "#server/booking/availability.ts";
import { readBusy, type ReadLimits, type SourceRead, sourceKey, sourceLabel } from "#server/booking/calendar-read.ts";
import { CalendarOutages } from "#server/booking/calendar-outages.ts";
import type { ParseBusy } from "#server/booking/ical-parser.ts";
import type { Consultant } from "#server/booking/consultants.ts";
import type { BookingTables } from "#server/db/booking-tables.ts";

// Well under SQLite's limit of bound values, four a row.
const INSERT_CHUNK = 500;
const DAY_MS = 24 * 60 * 60_000;

export interface CalendarSyncOptions {
  intervalMs: number;
  limits: ReadLimits;
  horizonDays: number;
  parse: ParseBusy;
  staleMs: number;
  siteUrl: string;
  /** The live contact details that sign an outage's mail (decision 0052). */
  contact: () => ContactContent;
}

/** A visitor's request never waits on a calendar server: busy times are read in the background and cached in the database. */
export class CalendarSync {
  readonly #db: Kysely<BookingTables>;
  readonly #handle: DatabaseHandle;
  readonly #consultants: readonly Consultant[];
  readonly #options: CalendarSyncOptions;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  readonly outages: CalendarOutages;

  constructor(handle: DatabaseHandle, consultants: readonly Consultant[], options: CalendarSyncOptions) {
    this.#handle = handle;
    this.#db = handle.db;
    this.#consultants = consultants;
    this.#options = options;
    this.outages = new CalendarOutages(handle, consultants, options);
  }

  get hasSources(): boolean {
    return this.#consultants.some((consultant) => consultant.calendars.length > 0);
  }

  start(): void {
    if (!this.hasSources || this.#timer) return;
    const tick = () => {
      this.#running ??= this.refresh()
        .catch((error: unknown) => log.error("Calendars: the refresh failed:", error))
        .finally(() => (this.#running = undefined));
    };
    tick();
    this.#timer = setInterval(tick, this.#options.intervalMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running;
  }

  async refresh(now = new Date()): Promise<void> {
    const from = new Date(now.getTime() - DAY_MS);
    const to = new Date(now.getTime() + (this.#options.horizonDays + 2) * DAY_MS);
    const reads = this.#consultants.flatMap((consultant) =>
      consultant.calendars.map(async (source) => {
        const key = sourceKey(consultant.id, source);
        const label = sourceLabel(source);
        try {
          const read = await readBusy(source, from, to, this.#options.limits, this.#options.parse);
          await this.#stored(key, consultant, label, read, new Date());
        } catch (error) {
          await this.#failed(key, consultant, label, (error as Error).message, new Date());
        }
      }),
    );
    await Promise.all(reads);
    const keys = this.#sourceKeys();
    if (keys.length)
      await this.#handle.write(async (db) => {
        const tables = db;
        await tables.deleteFrom("calendar_busy").where("source", "not in", keys).execute();
        await tables.deleteFrom("calendar_sources").where("key", "not in", keys).execute();
      });
    await this.outages.record(new Date());
  }

  async #stored(key: string, { id: consultant, name }: Consultant, label: string, { busy, writesTo }: SourceRead, at: Date): Promise<void> {
    const before = await this.#db.selectFrom("calendar_sources").select("failing_since").where("key", "=", key).executeTakeFirst();
    await this.#handle.durableTransaction(async (transaction) => {
      const trx = transaction;
      await trx.deleteFrom("calendar_busy").where("source", "=", key).execute();
      for (let i = 0; i < busy.length; i += INSERT_CHUNK) {
        await trx
          .insertInto("calendar_busy")
          .values(
            busy
              .slice(i, i + INSERT_CHUNK)
              .map((b) => ({ source: key, consultant, starts_at: new Date(b.start), ends_at: new Date(b.end) })),
          )
          .execute();
      }
      const row = { consultant, label, checked_at: at, ok_at: at, failing_since: null, error: null, writes_to: writesTo };
      await trx
        .insertInto("calendar_sources")
        .values({ key, ...row })
        .onConflict((oc) => oc.column("key").doUpdateSet(row))
        .execute();
    });
    if (before?.failing_since) log.info(`Calendars: ${label} of ${name} is read again (${busy.length} busy times)`);
  }

  async #failed(key: string, consultant: Consultant, label: string, reason: string, at: Date): Promise<void> {
    const before = await this.#db
      .selectFrom("calendar_sources")
      .select(["ok_at", "failing_since"])
      .where("key", "=", key)
      .executeTakeFirst();
    const since = before?.failing_since ? new Date(before.failing_since) : at;
    await this.#handle.write((db) =>
      db
        .insertInto("calendar_sources")
        .values({ key, consultant: consultant.id, label, checked_at: at, ok_at: null, failing_since: since, error: reason })
        .onConflict((oc) => oc.column("key").doUpdateSet({ label, checked_at: at, failing_since: since, error: reason }))
        .execute(),
    );
    const known = before?.ok_at
      ? `the busy times read ${formatSast(new Date(before.ok_at))} stand`
      : "no busy times were ever read from it";
    log.warn(`Calendars: cannot read ${label} of ${consultant.name} since ${formatSast(since)}: ${reason}; ${known}`);
  }

  async busy(from: Date, to: Date): Promise<Map<string, BusyInterval[]>> {
    const byConsultant = new Map<string, BusyInterval[]>();
    if (!this.hasSources) return byConsultant;
    const rows = await this.#db
      .selectFrom("calendar_busy")
      .select(["consultant", "starts_at", "ends_at"])
      .where("starts_at", "<", to)
      .where("ends_at", ">", from)
      .where("source", "in", this.#sourceKeys())
      .execute();
    for (const row of rows) {
      let list = byConsultant.get(row.consultant);
      if (!list) byConsultant.set(row.consultant, (list = []));
      list.push({ start: new Date(row.starts_at).getTime(), end: new Date(row.ends_at).getTime() });
    }
    return byConsultant;
  }

  // A calendar removed from the file stops blocking times at once.
  #sourceKeys(): string[] {
    return this.#consultants.flatMap((consultant) => consultant.calendars.map((source) => sourceKey(consultant.id, source)));
  }
}
