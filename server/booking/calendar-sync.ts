import type { Kysely } from "kysely";
import { formatSast } from "#app/lib/sast.ts";
import type { DatabaseHandle } from "#server/db/connect.ts";
import { log } from "#server/log.ts";
import type { BusyInterval } from "#server/booking/availability.ts";
import { readBusy, type ReadLimits, type SourceRead, sourceKey, sourceLabel } from "#server/booking/calendar-read.ts";
import { CalendarOutages } from "#server/booking/calendar-outages.ts";
import type { ParseBusy } from "#server/booking/ical-parser.ts";
import type { Consultant } from "#server/booking/consultants.ts";
import type { BookingTables } from "#server/db/booking-tables.ts";

/** Rows per insert: well under SQLite's limit of bound values, four a row. */
const INSERT_CHUNK = 500;
const DAY_MS = 24 * 60 * 60_000;

export interface CalendarSyncOptions {
  intervalMs: number;
  limits: ReadLimits;
  /** How many days ahead are read: the booking horizon and a day either side. */
  horizonDays: number;
  /** Reads a calendar's texts into busy stretches, the calls this site wrote into calendars left out (their claims hold them). */
  parse: ParseBusy;
  /** How long a calendar may go unread before its consultant is offered for no slot (CALENDAR_STALE_MINUTES). */
  staleMs: number;
  siteUrl: string;
}

/**
 * Reads every consultant's calendars in the background, at start and then on
 * an interval, and caches their busy times in the database, where /calendar
 * reads them: a visitor's request never waits on a calendar server. A
 * calendar that cannot be read keeps its last known busy times; it is logged
 * with since when, and its row in `calendar_sources` says so for the inbox.
 * Each instance sharing a database reads them too: a read replaces a source's
 * rows whole, so the last one wins. After each refresh the consultants whose
 * calendars went unread too long are recorded as offered for no slot, and the
 * admins told once (calendar-outages.ts).
 */
export class CalendarSync {
  readonly #db: Kysely<BookingTables>;
  readonly #handle: DatabaseHandle;
  readonly #consultants: readonly Consultant[];
  readonly #options: CalendarSyncOptions;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  /** Who is offered for no slot because their calendars went unread, and the admins' mail when that starts and ends. */
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

  /** Starts reading now and on the interval; a read still running when the next is due is not doubled. */
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

  /** Reads every source once, all at once (each bounded by its own deadline and size). */
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
    // A calendar taken out of CONSULTANTS_FILE leaves no rows behind.
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

  /** The cached busy stretches of every consultant that touch a range, by consultant. */
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

  /** Only the sources configured now count: a calendar removed from the file stops blocking times at once. */
  #sourceKeys(): string[] {
    return this.#consultants.flatMap((consultant) => consultant.calendars.map((source) => sourceKey(consultant.id, source)));
  }
}
