import type { Kysely } from "kysely";
import { formatSast } from "#app/lib/sast.ts";
import type { DatabaseHandle } from "#server/db/connect.ts";
import type { Database } from "#server/db/schema.ts";
import { log } from "#server/log.ts";
import { sourceKey, sourceLabel } from "#server/booking/calendar-read.ts";
import type { Consultant } from "#server/booking/consultants.ts";
import { letter } from "#server/booking/mail.ts";
import { enqueue } from "#server/outbox/store.ts";

/**
 * Calendars fail closed: a consultant is offered for no slot while any of
 * their calendars has never been read, or not for longer than
 * CALENDAR_STALE_MINUTES, since a calendar nobody could read may hide the
 * meetings a visitor would book over. This module is the whole of that state:
 * the rule (`outagesOf`), and each outage's start and end as one row of
 * `calendar_outages`, recorded after each refresh with one mail to the admins
 * when it starts and one when it ends, through the outbox, by one instance of
 * several (the open row's unique index decides which).
 * docs/decisions/0047-calendars-the-agency-can-trust.md.
 */

/** A calendar of a consultant that keeps them off the page: not read yet, failing since a time, or read too long ago. */
export interface UnreadCalendar {
  /** Kind and host only ("CalDAV at dav.example.com"). */
  label: string;
  okAt: Date | null;
  failingSince: Date | null;
  /** Why its last read failed, in the agency's words (server/booking/calendar-read.ts reason). */
  error: string | null;
}

export interface Outage {
  consultant: Pick<Consultant, "id" | "name">;
  /** Since when no slot of theirs is offered, as far as the rows tell; null before any read was tried. */
  since: Date | null;
  calendars: UnreadCalendar[];
}

interface SourceRow {
  key: string;
  checked_at: Date | string;
  ok_at: Date | string | null;
  failing_since: Date | string | null;
  error: string | null;
}

const dateOf = (value: Date | string | null | undefined) => (value ? new Date(value) : null);

/**
 * The consultants offered for no slot now: those with a calendar never read,
 * or last read more than `staleMs` ago. A consultant without calendars has
 * only this site's calls to go by, and is offered as before.
 */
export function outagesOf(consultants: readonly Consultant[], rows: readonly SourceRow[], now: Date, staleMs: number): Outage[] {
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const outages: Outage[] = [];
  for (const consultant of consultants) {
    const unread: UnreadCalendar[] = [];
    const starts: Date[] = [];
    for (const source of consultant.calendars) {
      const row = byKey.get(sourceKey(consultant.id, source));
      const okAt = dateOf(row?.ok_at);
      if (okAt && now.getTime() - okAt.getTime() <= staleMs) continue;
      unread.push({ label: sourceLabel(source), okAt, failingSince: dateOf(row?.failing_since), error: row?.error ?? null });
      // Read once: off from when that read went stale. Never read: from its first failed read.
      const start = okAt ? new Date(okAt.getTime() + staleMs) : (dateOf(row?.failing_since) ?? dateOf(row?.checked_at));
      if (start) starts.push(start);
    }
    if (unread.length) {
      const since = starts.length ? new Date(Math.min(...starts.map((date) => date.getTime()))) : null;
      outages.push({ consultant: { id: consultant.id, name: consultant.name }, since, calendars: unread });
    }
  }
  return outages;
}

/** What the admins read of an outage: which calendar, why, what to do; kind and host only, never an address or password. */
function calendarLines(outage: Outage): string[] {
  return outage.calendars.map((calendar) => {
    const state = calendar.failingSince
      ? `cannot be read since ${formatSast(calendar.failingSince)} SAST${calendar.error ? `: ${calendar.error}` : ""}`
      : calendar.okAt
        ? `last read ${formatSast(calendar.okAt)} SAST`
        : "not read yet";
    return `${calendar.label}: ${state}.`;
  });
}

const OUTAGE_KIND = "Calendar alert";

export class CalendarOutages {
  readonly #handle: DatabaseHandle;
  readonly #db: Kysely<Database>;
  readonly #consultants: readonly Consultant[];
  readonly #staleMs: number;
  readonly #callsPage: string;

  constructor(handle: DatabaseHandle, consultants: readonly Consultant[], options: { staleMs: number; siteUrl: string }) {
    this.#handle = handle;
    this.#db = handle.db;
    this.#consultants = consultants;
    this.#staleMs = options.staleMs;
    this.#callsPage = `${options.siteUrl}/admin/calls`;
  }

  /** The consultants offered for no slot now, from each calendar's last read. */
  async current(now = new Date()): Promise<Outage[]> {
    if (!this.#consultants.some((consultant) => consultant.calendars.length)) return [];
    const rows = await this.#db.selectFrom("calendar_sources").select(["key", "checked_at", "ok_at", "failing_since", "error"]).execute();
    return outagesOf(this.#consultants, rows, now, this.#staleMs);
  }

  /** The ids of the consultants offered for no slot now (what /calendar leaves out). */
  async closed(now = new Date()): Promise<Set<string>> {
    return new Set((await this.current(now)).map((outage) => outage.consultant.id));
  }

  /**
   * Records each outage's start and end after a refresh, each with its one mail.
   * Several instances may record at once: the open row's unique index lets one
   * insert it, and one close it, so each mail is queued once.
   */
  async record(now = new Date()): Promise<void> {
    const outages = await this.current(now);
    const open = await this.#db
      .selectFrom("calendar_outages")
      .select(["id", "consultant", "started_at"])
      .where("ended_at", "is", null)
      .execute();
    for (const outage of outages) {
      if (!open.some((row) => row.consultant === outage.consultant.id)) await this.#started(outage, now);
    }
    for (const row of open) {
      if (!outages.some((outage) => outage.consultant.id === row.consultant)) await this.#ended(row, now);
    }
  }

  async #started(outage: Outage, now: Date): Promise<void> {
    const { name } = outage.consultant;
    const since = outage.since ?? now;
    const recorded = await this.#handle.durableTransaction(async (trx) => {
      const row = await trx
        .insertInto("calendar_outages")
        .values({ consultant: outage.consultant.id, started_at: since })
        .onConflict((oc) => oc.column("consultant").where("ended_at", "is", null).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!row) return false;
      const lines = [
        `Visitors are offered no time with ${name} since ${formatSast(since)} SAST: a calendar of theirs cannot be trusted to say when they are busy, so /calendar leaves them out rather than let a visitor book over a meeting.`,
        ...calendarLines(outage),
        `Their free time is offered again as soon as every calendar of theirs is read; you will get one mail then. The calls page shows it: ${this.#callsPage}`,
      ];
      await this.#mail(trx, row.id, `Calendars: no calls are offered with ${name}`, lines, now);
      return true;
    });
    if (recorded) log.warn(`Calendars: ${name} is offered for no slot since ${formatSast(since)}: ${calendarLines(outage).join(" ")}`);
  }

  async #ended(row: { id: number; consultant: string; started_at: Date | string }, now: Date): Promise<void> {
    const consultant = this.#consultants.find((c) => c.id === row.consultant);
    const recorded = await this.#handle.durableTransaction(async (trx) => {
      const ended = await trx
        .updateTable("calendar_outages")
        .set({ ended_at: now })
        .where("id", "=", row.id)
        .where("ended_at", "is", null)
        .returning("id")
        .executeTakeFirst();
      // A consultant taken out of the file needs no word: nobody is offered in their name.
      if (!ended || !consultant) return false;
      const lines = [
        `Every calendar of ${consultant.name} was read at ${formatSast(now)} SAST: visitors are offered their free time again.`,
        `No time of theirs was offered from ${formatSast(new Date(row.started_at))} to ${formatSast(now)} SAST. The calls page: ${this.#callsPage}`,
      ];
      await this.#mail(trx, row.id, `Calendars: calls with ${consultant.name} are offered again`, lines, now);
      return true;
    });
    if (recorded) log.info(`Calendars: ${consultant!.name} is offered again (every calendar read)`);
  }

  /** One mail to the inbox's admins (the agency's NOTIFY_TO when it has none yet), in the transaction that records the change. */
  async #mail(trx: Kysely<Database>, outageId: number, subject: string, lines: string[], now: Date): Promise<void> {
    const admins = await trx.selectFrom("admin_users").select("email").where("role", "=", "admin").orderBy("id").execute();
    const { text, html } = letter(subject, lines, [this.#callsPage]);
    await enqueue(
      trx,
      {
        kind: OUTAGE_KIND,
        lead_table: "calendar_outages",
        lead_id: outageId,
        reply_to: null,
        recipient: admins.length ? admins.map((admin) => admin.email).join(", ") : null,
        attachments: null,
        subject,
        text_body: text,
        html_body: html,
      },
      now,
    );
  }
}
