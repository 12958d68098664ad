import type { Kysely } from "kysely";
import { type CallOutcome, callOutcomeSets, callOutcomes, type LeadStatus } from "#app/lib/inbox.ts";
import { addDays, type IsoDate, sastClock, sastDate, sastInstant, sastLongDay, sastSlot, weekday } from "#app/lib/sast.ts";
import { type Actor, recordAudit } from "#server/audit/audit.ts";
import { changeStatus } from "#server/admin/lead-changes.ts";
import type { Database } from "#server/db/schema.ts";
import { conversionNames } from "#server/attribution/conversions.ts";
import { sourceKey, sourceLabel } from "#server/booking/calendar-read.ts";
import { writableCalendar } from "#server/booking/calendar-write.ts";
import type { Consultant } from "#server/booking/consultants.ts";

export const WEEKS_SHOWN = 2;

export function mondayOf(date: IsoDate): IsoDate {
  return addDays(date, -((weekday(date) + 6) % 7));
}

export function weekParam(value: string | null, now: Date): IsoDate {
  const valid = value && /^\d{4}-\d\d-\d\d$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
  return mondayOf(valid ? value : sastDate(now));
}

export interface WeekCall {
  bookingId: number;
  // Null only when its row is gone mid-forget.
  leadId: number | null;
  time: string;
  name: string;
  company: string;
  leadStatus: LeadStatus | null;
  outcome: CallOutcome | null;
  begun: boolean;
  changeable: boolean;
}

export interface CalendarHealth {
  // Never its address's path or a credential.
  label: string;
  okAt: Date | null;
  failingSince: Date | null;
  error: string | null;
}

export interface ConsultantWeeks {
  id: string;
  name: string;
  yours: boolean;
  calendars: CalendarHealth[];
  callsGoTo: { label: string; calendar: string | null } | null;
  days: Array<{ date: IsoDate; label: string; calls: WeekCall[] }>;
}

const NO_CONSULTANT = { id: "", name: "No consultant named", email: null };

export async function callWeeks(
  db: Kysely<Database>,
  consultants: readonly Consultant[],
  monday: IsoDate,
  now: Date,
  viewerEmail: string,
): Promise<ConsultantWeeks[]> {
  const rows = await db
    .selectFrom("bookings")
    .leftJoin("leads", (join) => join.onRef("leads.lead_id", "=", "bookings.id").on("leads.lead_table", "=", "bookings"))
    .select([
      "bookings.id",
      "bookings.name",
      "bookings.company",
      "bookings.slot_start",
      "bookings.slot_end",
      "bookings.consultant",
      "bookings.outcome",
      "leads.id as lead_id",
      "leads.status as lead_status",
    ])
    .where("bookings.status", "=", "confirmed")
    .where("bookings.slot_start", ">=", sastInstant(monday))
    .where("bookings.slot_start", "<", sastInstant(addDays(monday, 7 * WEEKS_SHOWN)))
    .orderBy("bookings.slot_start")
    .execute();
  const health = await calendarHealth(db, consultants);
  const known = new Set(consultants.map((c) => c.id));
  const isViewer = (person: { email?: string | null }) => !!person.email && person.email.toLowerCase() === viewerEmail.toLowerCase();
  const people = [
    ...consultants.filter(isViewer),
    ...consultants.filter((c) => !isViewer(c)),
    ...(rows.some((row) => !known.has(row.consultant ?? "")) ? [NO_CONSULTANT] : []),
  ];
  return people.map((person) => {
    const days = new Map<IsoDate, WeekCall[]>();
    for (const row of rows) {
      const owner = known.has(row.consultant ?? "") ? row.consultant : "";
      if (owner !== person.id) continue;
      const start = new Date(row.slot_start);
      const date = sastDate(start);
      if (!days.has(date)) days.set(date, []);
      days.get(date)!.push({
        bookingId: row.id,
        leadId: row.lead_id,
        time: `${sastClock(start)}-${sastClock(new Date(row.slot_end))}`,
        name: row.name,
        company: row.company,
        leadStatus: row.lead_status,
        outcome: row.outcome,
        begun: start.getTime() <= now.getTime(),
        changeable: start.getTime() <= now.getTime() && now.getTime() < outcomeClosesAt(start).getTime(),
      });
    }
    return {
      id: person.id,
      name: person.name,
      yours: isViewer(person),
      calendars: health.get(person.id)?.calendars ?? [],
      callsGoTo: health.get(person.id)?.callsGoTo ?? null,
      days: [...days].map(([date, calls]) => ({ date, label: sastLongDay(sastInstant(date, 12 * 60)), calls })),
    };
  });
}

async function calendarHealth(
  db: Kysely<Database>,
  consultants: readonly Consultant[],
): Promise<Map<string, Pick<ConsultantWeeks, "calendars" | "callsGoTo">>> {
  const rows = await db.selectFrom("calendar_sources").select(["key", "ok_at", "failing_since", "error", "writes_to"]).execute();
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return new Map(
    consultants.map((consultant) => {
      const account = writableCalendar(consultant);
      // An address is not shown: its path may hold the user name.
      const named = account?.calendars?.[0];
      return [
        consultant.id,
        {
          calendars: consultant.calendars.map((source) => {
            const row = byKey.get(sourceKey(consultant.id, source));
            return {
              label: sourceLabel(source),
              okAt: row?.ok_at ? new Date(row.ok_at) : null,
              failingSince: row?.failing_since ? new Date(row.failing_since) : null,
              error: row?.error ?? null,
            };
          }),
          callsGoTo: account
            ? {
                label: sourceLabel(account),
                calendar: named && !named.includes("/") ? named : (byKey.get(sourceKey(consultant.id, account))?.writes_to ?? null),
              }
            : null,
        },
      ];
    }),
  );
}

export type MarkResult = "marked" | "no-call" | "not-begun" | "day-over";

export function outcomeClosesAt(start: Date): Date {
  return sastInstant(addDays(sastDate(start), 1));
}

/** Changeable until the end of its day (SAST), while the consultant's memory of it is fresh; after that it stands. */
export async function markCall(
  db: Kysely<Database>,
  actor: Actor,
  bookingId: number,
  outcome: CallOutcome,
  now = new Date(),
): Promise<MarkResult> {
  const { label, status } = callOutcomes.find((o) => o.key === outcome)!;
  return db.transaction().execute(async (trx) => {
    const booking = await trx
      .selectFrom("bookings")
      .select(["slot_start", "slot_end", "outcome"])
      .where("id", "=", bookingId)
      .where("status", "=", "confirmed")
      .executeTakeFirst();
    if (!booking) return "no-call";
    const start = new Date(booking.slot_start);
    if (start.getTime() > now.getTime()) return "not-begun";
    if (now.getTime() >= outcomeClosesAt(start).getTime()) return "day-over";
    await trx.updateTable("bookings").set({ outcome, outcome_at: now }).where("id", "=", bookingId).execute();
    const lead = await trx
      .selectFrom("leads")
      .select(["id", "status", "status_changed_at", "created_at", "marketing_consent"])
      .where("lead_table", "=", "bookings")
      .where("lead_id", "=", bookingId)
      .executeTakeFirst();
    const was =
      booking.outcome && booking.outcome !== outcome
        ? ` (it was ${callOutcomes.find((o) => o.key === booking.outcome)!.label.toLowerCase()})`
        : "";
    const detail = `marked the call of ${sastSlot(start, new Date(booking.slot_end))} ${label.toLowerCase()}${was}`;
    await recordAudit(trx, actor, { action: "call", detail, leadId: lead?.id ?? null }, now);
    if (lead && callOutcomeSets(lead.status)) {
      if (outcome === "no-show" && lead.status === "qualified" && lead.marketing_consent) {
        // The click conversions file gave the qualification this time: the retraction must name it.
        await trx
          .insertInto("conversion_retractions")
          .values({
            lead_id: lead.id,
            conversion: conversionNames.qualified,
            converted_at: new Date(lead.status_changed_at ?? lead.created_at),
            retracted_at: now,
          })
          .execute();
      }
      await changeStatus(trx, actor, lead.id, status, now);
    }
    return "marked";
  });
}
