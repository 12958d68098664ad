import type { Kysely } from "kysely";
import type { ContactContent } from "#app/content/contact-details.ts";
import { formatSast } from "#app/lib/sast.ts";
import type { DatabaseHandle } from "#server/db/connect.ts";
import type { Database } from "#server/db/schema.ts";
import { log } from "#server/log.ts";
import { sourceKey, sourceLabel } from "#server/booking/calendar-read.ts";
import type { Consultant } from "#server/booking/consultants.ts";
import { letter } from "#server/booking/mail.ts";
import { enqueue } from "#server/outbox/store.ts";

// Calendars fail closed: an unread calendar may hide the meetings a visitor would book over (docs/decisions/0047).

export interface UnreadCalendar {
  // Kind and host only: never an address or password.
  label: string;
  okAt: Date | null;
  failingSince: Date | null;
  error: string | null;
}

export interface Outage {
  consultant: Pick<Consultant, "id" | "name">;
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

/** A consultant without calendars has only this site's calls to go by, and is offered as before. */
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
  readonly #contact: () => ContactContent;

  constructor(
    handle: DatabaseHandle,
    consultants: readonly Consultant[],
    options: { staleMs: number; siteUrl: string; contact: () => ContactContent },
  ) {
    this.#handle = handle;
    this.#db = handle.db;
    this.#consultants = consultants;
    this.#staleMs = options.staleMs;
    this.#callsPage = `${options.siteUrl}/admin/calls`;
    this.#contact = options.contact;
  }

  async current(now = new Date()): Promise<Outage[]> {
    if (!this.#consultants.some((consultant) => consultant.calendars.length)) return [];
    const rows = await this.#db.selectFrom("calendar_sources").select(["key", "checked_at", "ok_at", "failing_since", "error"]).execute();
    return outagesOf(this.#consultants, rows, now, this.#staleMs);
  }

  async closed(now = new Date()): Promise<Set<string>> {
    return new Set((await this.current(now)).map((outage) => outage.consultant.id));
  }

  /** The open row's unique index lets one instance of several insert it, and one close it, so each mail is queued once. */
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

  async #mail(trx: Kysely<Database>, outageId: number, subject: string, lines: string[], now: Date): Promise<void> {
    const admins = await trx.selectFrom("admin_users").select("email").where("role", "=", "admin").orderBy("id").execute();
    const { text, html } = letter(subject, lines, [this.#callsPage], this.#contact());
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
