import { type Kysely, sql } from "kysely";
import { channelName } from "../../app/lib/attribution.ts";
import { formTypeLabel } from "../../app/lib/inbox.ts";
import { addDays, sastDate, sastInstant, weekday } from "../../app/lib/sast.ts";
import type { AdminDatabase } from "../admin/schema.ts";

/**
 * The inbox's report: leads per SAST week (Monday to Sunday) by channel
 * (source / medium) and by form over a range of days, and the campaigns and
 * landing pages that brought the most. Weeks are counted here from the
 * leads' times, read in keyset batches, so the report is the same on SQLite
 * and PostgreSQL and never holds more than a batch of rows; the range is
 * at most a year, so a request cannot ask for more than 53 weeks.
 */

export const REPORT_MAX_DAYS = 371;
const DEFAULT_WEEKS = 12;
/** Channels beyond these many are summed as "Other", so a chart stays readable. */
const CHART_SERIES = 6;
const TOP = 10;
const BATCH = 1000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface ReportRange {
  /** SAST days, both inclusive. */
  from: string;
  to: string;
}

/** The Monday that starts the SAST week of a day. */
function mondayOf(day: string): string {
  return addDays(day, -((weekday(day) + 6) % 7));
}

/** The range the query asks for; the last DEFAULT_WEEKS weeks when it asks for none or for nonsense. */
export function parseRange(params: URLSearchParams, now = new Date()): ReportRange & { problem: string | null } {
  const today = sastDate(now);
  const fallback = { from: addDays(mondayOf(today), -7 * (DEFAULT_WEEKS - 1)), to: today };
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  if (!from && !to) return { ...fallback, problem: null };
  const valid = (day: string) => DAY.test(day) && !Number.isNaN(sastInstant(day).getTime());
  if (!valid(from) || !valid(to)) return { ...fallback, problem: "Give both days of the range." };
  if (from > to) return { ...fallback, problem: "The range starts after it ends." };
  if (sastInstant(to).getTime() - sastInstant(from).getTime() > REPORT_MAX_DAYS * 86_400_000) {
    return { ...fallback, problem: `A report covers at most ${REPORT_MAX_DAYS} days.` };
  }
  return { from, to, problem: null };
}

export interface Series {
  key: string;
  label: string;
  /** Leads per week, in the order of `weeks`. */
  counts: number[];
  total: number;
}

export interface LeadReport {
  range: ReportRange;
  /** The Mondays of the weeks shown. */
  weeks: string[];
  total: number;
  byChannel: Series[];
  byForm: Series[];
  topCampaigns: Array<{ campaign: string; channel: string; leads: number }>;
  topLandingPages: Array<{ page: string; leads: number }>;
}

const channelKey = (source: string | null, medium: string | null) => (source ? channelName(source, medium) : "(before attribution)");

function seriesOf(counts: Map<string, number[]>, label: (key: string) => string, limit: number): Series[] {
  const all = [...counts].map(([key, weekly]) => ({ key, label: label(key), counts: weekly, total: weekly.reduce((a, b) => a + b, 0) }));
  all.sort((a, b) => b.total - a.total || a.label.localeCompare(b.label));
  if (all.length <= limit) return all;
  const kept = all.slice(0, limit - 1);
  const rest = all.slice(limit - 1);
  const other = rest[0]!.counts.map((_, week) => rest.reduce((sum, s) => sum + s.counts[week]!, 0));
  return [...kept, { key: "other", label: `Other (${rest.length})`, counts: other, total: other.reduce((a, b) => a + b, 0) }];
}

export async function leadReport(db: Kysely<AdminDatabase>, range: ReportRange): Promise<LeadReport> {
  const start = sastInstant(range.from);
  const end = sastInstant(addDays(range.to, 1));
  const weeks: string[] = [];
  for (let monday = mondayOf(range.from); monday <= range.to; monday = addDays(monday, 7)) weeks.push(monday);
  const weekIndex = (at: Date) =>
    Math.floor((sastInstant(mondayOf(sastDate(at))).getTime() - sastInstant(weeks[0]!).getTime()) / (7 * 86_400_000));

  const byChannel = new Map<string, number[]>();
  const byForm = new Map<string, number[]>();
  const count = (map: Map<string, number[]>, key: string, week: number) => {
    const weekly = map.get(key) ?? weeks.map(() => 0);
    weekly[week]!++;
    map.set(key, weekly);
  };
  let total = 0;
  let after: { at: Date; id: number } | undefined;
  for (;;) {
    let query = db
      .selectFrom("leads")
      .select(["id", "created_at", "source", "medium", "form_type"])
      .where("created_at", ">=", start)
      .where("created_at", "<", end)
      .where("status", "!=", "spam");
    if (after) {
      const cursor = after;
      query = query.where(({ eb, refTuple, tuple }) => eb(refTuple("created_at", "id"), ">", tuple(cursor.at, cursor.id)));
    }
    const rows = await query.orderBy("created_at").orderBy("id").limit(BATCH).execute();
    for (const row of rows) {
      const week = weekIndex(new Date(row.created_at));
      count(byChannel, channelKey(row.source, row.medium), week);
      count(byForm, row.form_type, week);
    }
    total += rows.length;
    if (rows.length < BATCH) break;
    const last = rows.at(-1)!;
    after = { at: new Date(last.created_at), id: last.id };
  }

  const [campaigns, pages] = await Promise.all([
    db
      .selectFrom("leads")
      .select(["campaign", "source", "medium", sql<number>`count(*)`.as("leads")])
      .where("created_at", ">=", start)
      .where("created_at", "<", end)
      .where("status", "!=", "spam")
      .where("campaign", "is not", null)
      .groupBy(["campaign", "source", "medium"])
      .orderBy(sql`count(*)`, "desc")
      .orderBy("campaign")
      .limit(TOP)
      .execute(),
    db
      .selectFrom("leads")
      .innerJoin("lead_attributions as visit", (join) =>
        join
          .onRef("visit.lead_table", "=", "leads.lead_table")
          .onRef("visit.lead_id", "=", "leads.lead_id")
          .on("visit.touch", "=", "visit"),
      )
      .select(["visit.landing_page as page", sql<number>`count(*)`.as("leads")])
      .where("leads.created_at", ">=", start)
      .where("leads.created_at", "<", end)
      .where("leads.status", "!=", "spam")
      .groupBy("visit.landing_page")
      .orderBy(sql`count(*)`, "desc")
      .orderBy("visit.landing_page")
      .limit(TOP)
      .execute(),
  ]);

  return {
    range,
    weeks,
    total,
    byChannel: seriesOf(byChannel, (key) => key, CHART_SERIES),
    byForm: seriesOf(byForm, formTypeLabel, Number.POSITIVE_INFINITY),
    topCampaigns: campaigns.map((c) => ({ campaign: c.campaign!, channel: channelKey(c.source, c.medium), leads: Number(c.leads) })),
    topLandingPages: pages.map((p) => ({ page: p.page, leads: Number(p.leads) })),
  };
}

/** The report's figures as CSV rows (the page's download): one table, its section first. */
export function reportRows(report: LeadReport): string[][] {
  const rows: string[][] = [["Section", "Week starting (Monday, SAST)", "Channel, form, campaign or page", "Leads"]];
  for (const [section, series] of [
    ["Leads per week by channel", report.byChannel],
    ["Leads per week by form", report.byForm],
  ] as const) {
    for (const s of series) report.weeks.forEach((week, i) => rows.push([section, week, s.label, String(s.counts[i])]));
  }
  for (const c of report.topCampaigns) rows.push(["Top campaigns", "", `${c.campaign} (${c.channel})`, String(c.leads)]);
  for (const p of report.topLandingPages) rows.push(["Top landing pages", "", p.page, String(p.leads)]);
  return rows;
}
