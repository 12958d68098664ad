import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import { formTypeLabel, isFormType } from "#app/forms/registry.ts";
import { isStatus, type LeadFormType, type LeadStatus, SEARCH_MAX_LENGTH, statusLabel } from "#app/lib/inbox.ts";
import { sastInstant } from "#app/lib/sast.ts";
import { hasDisallowedCharacters, notAllowed } from "#app/forms/rules.ts";
import { emailFingerprint } from "#server/audit/audit.ts";
import type { Database } from "#server/db/schema.ts";

export interface InboxFilter {
  q: string;
  type: LeadFormType | "";
  status: LeadStatus | "";
  from: string;
  to: string;
  source: string;
  medium: string;
  campaign: string;
}

export const everyLead: InboxFilter = { q: "", type: "", status: "", from: "", to: "", source: "", medium: "", campaign: "" };

const CHANNEL_MAX = 150;

export interface Cursor {
  at: Date;
  id: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function validDay(value: string | null): string {
  if (!value || !DAY.test(value)) return "";
  return Number.isNaN(sastInstant(value).getTime()) ? "" : value;
}

export function parseFilter(params: URLSearchParams): InboxFilter {
  const type = params.get("type") ?? "";
  const status = params.get("status") ?? "";
  return {
    q: (params.get("q") ?? "").trim().slice(0, SEARCH_MAX_LENGTH),
    type: isFormType(type) ? type : "",
    status: isStatus(status) ? status : "",
    from: validDay(params.get("from")),
    to: validDay(params.get("to")),
    source: (params.get("source") ?? "").trim().toLowerCase().slice(0, CHANNEL_MAX),
    medium: (params.get("medium") ?? "").trim().toLowerCase().slice(0, CHANNEL_MAX),
    campaign: (params.get("campaign") ?? "").trim().slice(0, CHANNEL_MAX),
  };
}

/** PostgreSQL cannot even compare a NUL. */
export function searchProblem(filter: InboxFilter): string | null {
  if (hasDisallowedCharacters(filter.q, "one")) return notAllowed("Search");
  for (const [name, label] of [
    ["source", "Source"],
    ["medium", "Medium"],
    ["campaign", "Campaign"],
  ] as const) {
    if (hasDisallowedCharacters(filter[name], "one")) return notAllowed(label);
  }
  return null;
}

export function filterQuery(filter: InboxFilter): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, value);
  return params.toString();
}

export function encodeCursor(cursor: Cursor): string {
  return `${cursor.at.getTime()}_${cursor.id}`;
}

export function decodeCursor(value: string | null): Cursor | undefined {
  const match = /^(\d{1,15})_(\d{1,15})$/.exec(value ?? "");
  if (!match) return undefined;
  return { at: new Date(Number(match[1])), id: Number(match[2]) };
}

const dayStart = (day: string): Date => sastInstant(day);

function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

type LeadsQuery = SelectQueryBuilder<Database, "leads", object>;

export function filtered(db: Kysely<Database>, filter: InboxFilter): LeadsQuery {
  let query: LeadsQuery = db.selectFrom("leads");
  if (filter.type) query = query.where("form_type", "=", filter.type);
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.from) query = query.where("created_at", ">=", dayStart(filter.from));
  if (filter.to) query = query.where("created_at", "<", new Date(dayStart(filter.to).getTime() + 86_400_000));
  if (filter.source) query = query.where("source", "=", filter.source);
  if (filter.medium) query = query.where("medium", "=", filter.medium);
  if (filter.campaign) query = query.where("campaign", "=", filter.campaign);
  // lower() on both sides: SQLite's lowers ASCII only.
  if (filter.q) query = query.where(sql<boolean>`search_text like lower(${likePattern(filter.q)}) escape '\\'`);
  return query;
}

export function pagedAfter<O>(
  query: SelectQueryBuilder<Database, "leads", O>,
  cursor: Cursor | undefined,
  direction: "older" | "newer",
): SelectQueryBuilder<Database, "leads", O> {
  if (!cursor) return query;
  const op = direction === "older" ? "<" : ">";
  return query.where(({ eb, refTuple, tuple }) => eb(refTuple("created_at", "id"), op, tuple(cursor.at, cursor.id)));
}

/** A search term is logged only as its keyed hash, the one a forget of that address logs: the log outlives a forgotten person. */
export function describeFilter(filter: InboxFilter, key: Buffer): string {
  return [
    filter.q && `search hash ${emailFingerprint(key, filter.q)}`,
    filter.type && `form ${formTypeLabel(filter.type)}`,
    filter.status && `status ${statusLabel(filter.status)}`,
    filter.from && `from ${filter.from}`,
    filter.to && `to ${filter.to}`,
    filter.source && `source ${filter.source}`,
    filter.medium && `medium ${filter.medium}`,
    filter.campaign && `campaign ${filter.campaign}`,
  ]
    .filter(Boolean)
    .join(", ");
}
