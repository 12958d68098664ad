import type { Kysely } from "kysely";
import { channelName } from "#app/lib/attribution.ts";
import { formTypeLabel } from "#app/forms/registry.ts";
import { addDays, sastDate, sastInstant, weekday } from "#app/lib/sast.ts";
import type { Database } from "#server/db/schema.ts";
import { keysetPages } from "#server/db/pages.ts";

// Counted here from keyset pages, so the report is the same on SQLite and PostgreSQL; at most 53 weeks.

export const REPORT_MAX_DAYS = 371;
const DEFAULT_WEEKS = 12;
/** So a chart stays readable. */
const CHART_SERIES = 6;
const TOP = 10;
const REPORT_PAGE = 1000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface ReportRange {
  from: string;
  to: string;
}

function mondayOf(day: string): string {
  return addDays(day, -((weekday(day) + 6) % 7));
}

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
  counts: number[];
  total: number;
}

export interface LeadReport {
  range: ReportRange;
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

function top<T extends { leads: number }>(items: Iterable<T>, name: (item: T) => string): T[] {
  const byName = (a: T, b: T) => (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0);
  return [...items].sort((a, b) => b.leads - a.leads || byName(a, b)).slice(0, TOP);
}

export async function leadReport(db: Kysely<Database>, range: ReportRange): Promise<LeadReport> {
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
  const campaigns = new Map<string, { campaign: string; channel: string; leads: number }>();
  const landingPages = new Map<string, number>();
  let total = 0;
  const pages = keysetPages(
    REPORT_PAGE,
    (after: { at: Date; id: number } | undefined, size) =>
      db
        .selectFrom("leads")
        .leftJoin("lead_attributions as visit", (join) =>
          join
            .onRef("visit.lead_table", "=", "leads.lead_table")
            .onRef("visit.lead_id", "=", "leads.lead_id")
            .on("visit.touch", "=", "visit"),
        )
        .select(["leads.id", "leads.created_at", "leads.source", "leads.medium", "leads.campaign", "leads.form_type", "visit.landing_page"])
        .where("leads.created_at", ">=", start)
        .where("leads.created_at", "<", end)
        .where("leads.status", "!=", "spam")
        .$if(after !== undefined, (query) =>
          query.where(({ eb, refTuple, tuple }) => eb(refTuple("leads.created_at", "leads.id"), ">", tuple(after!.at, after!.id))),
        )
        .orderBy("leads.created_at")
        .orderBy("leads.id")
        .limit(size)
        .execute(),
    (row) => ({ at: new Date(row.created_at), id: row.id }),
  );
  for await (const rows of pages) {
    for (const row of rows) {
      const week = weekIndex(new Date(row.created_at));
      const channel = channelKey(row.source, row.medium);
      count(byChannel, channel, week);
      count(byForm, row.form_type, week);
      if (row.campaign !== null) {
        const key = JSON.stringify([row.campaign, channel]);
        const seen = campaigns.get(key) ?? { campaign: row.campaign, channel, leads: 0 };
        seen.leads++;
        campaigns.set(key, seen);
      }
      if (row.landing_page !== null) landingPages.set(row.landing_page, (landingPages.get(row.landing_page) ?? 0) + 1);
    }
    total += rows.length;
  }
  return {
    range,
    weeks,
    total,
    byChannel: seriesOf(byChannel, (key) => key, CHART_SERIES),
    byForm: seriesOf(byForm, formTypeLabel, Number.POSITIVE_INFINITY),
    topCampaigns: top(campaigns.values(), (c) => c.campaign),
    topLandingPages: top(
      [...landingPages].map(([page, leads]) => ({ page, leads })),
      (p) => p.page,
    ),
  };
}

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
