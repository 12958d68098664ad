import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import { formTypeLabel, isFormType } from "#app/forms/registry.ts";
import { isStatus, type LeadFormType, type LeadStatus, SEARCH_MAX_LENGTH, statusLabel } from "#app/lib/inbox.ts";
import { formatSast, sastInstant } from "#app/lib/sast.ts";
import { hasDisallowedCharacters, notAllowed } from "#app/forms/rules.ts";
import type { StoredRow } from "#app/forms/definition.ts";
import { channelName } from "#app/lib/attribution.ts";
import { type StoredTouch, touchesOf, touchesOfMany } from "#server/attribution/store.ts";
import { clickIdsText, touchFields, touchSummary, touchTitles } from "#server/attribution/describe.ts";
import { keysetPages } from "#server/db/pages.ts";
import type { LeadTable } from "#server/db/columns.ts";
import type { OutboxStatus, Database } from "#server/db/schema.ts";
import { copyKept } from "#server/outbox/migration.ts";
import { type Actor, recordAudit } from "#server/admin/audit.ts";
import { type LeadField, leadDetails, leadFields } from "#server/admin/fields.ts";

/**
 * The inbox's queries. Every lead of every form is one row of `leads` (kept by
 * triggers on the lead tables), so a page is one indexed query on one table:
 * newest first, filtered by form, status, channel (source, medium, campaign)
 * and SAST day range, searched by name, email, company or website, and paged
 * by (created_at, id).
 */

const PAGE_SIZE = 50;

export interface InboxFilter {
  q: string;
  type: LeadFormType | "";
  status: LeadStatus | "";
  /** SAST days, YYYY-MM-DD, both inclusive. */
  from: string;
  to: string;
  /** The channel a lead counts for (app/lib/attribution.ts channelOf), matched exactly; source and medium are lowercase. */
  source: string;
  medium: string;
  campaign: string;
}

/** Every lead: the filter with nothing set. */
export const everyLead: InboxFilter = { q: "", type: "", status: "", from: "", to: "", source: "", medium: "", campaign: "" };

/** A channel filter's longest value: an attribution value's (app/lib/attribution.ts). */
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

/** Reads the filter from the inbox's query string; an unknown value is ignored, not an error. */
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

/** The search's message when it holds characters no lead can (PostgreSQL cannot even compare a NUL), else null. */
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

/** The filter as a query string, without empty values (for paging and export links). */
export function filterQuery(filter: InboxFilter): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, value);
  return params.toString();
}

function encodeCursor(cursor: Cursor): string {
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

/** The filter's conditions; each narrows an indexed order (see the migration's indexes). */
function filtered(db: Kysely<Database>, filter: InboxFilter): LeadsQuery {
  let query: LeadsQuery = db.selectFrom("leads");
  if (filter.type) query = query.where("form_type", "=", filter.type);
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.from) query = query.where("created_at", ">=", dayStart(filter.from));
  if (filter.to) query = query.where("created_at", "<", new Date(dayStart(filter.to).getTime() + 86_400_000));
  if (filter.source) query = query.where("source", "=", filter.source);
  if (filter.medium) query = query.where("medium", "=", filter.medium);
  if (filter.campaign) query = query.where("campaign", "=", filter.campaign);
  // lower() on both sides: SQLite's lowers ASCII only, so the term is lowered the way the stored text was.
  if (filter.q) query = query.where(sql<boolean>`search_text like lower(${likePattern(filter.q)}) escape '\\'`);
  return query;
}

/** A query's rows after a cursor in the inbox's order (`older`, newest first) or the other way. */
export function pagedAfter<O>(
  query: SelectQueryBuilder<Database, "leads", O>,
  cursor: Cursor | undefined,
  direction: "older" | "newer",
): SelectQueryBuilder<Database, "leads", O> {
  if (!cursor) return query;
  const op = direction === "older" ? "<" : ">";
  return query.where(({ eb, refTuple, tuple }) => eb(refTuple("created_at", "id"), op, tuple(cursor.at, cursor.id)));
}

export interface InboxRow {
  id: number;
  formType: string;
  formLabel: string;
  name: string;
  email: string;
  company: string | null;
  status: LeadStatus;
  statusLabel: string;
  receivedAt: string;
  received: string;
  /** "google / cpc"; empty for leads from before attribution. */
  channel: string;
  campaign: string | null;
}

export interface InboxPage {
  leads: InboxRow[];
  /** Cursors of the next older and newer pages, when there are any. */
  older: string | null;
  newer: string | null;
}

const listColumns = ["id", "form_type", "name", "email", "company", "status", "created_at", "source", "medium", "campaign"] as const;

const channelText = (row: { source: string | null; medium: string | null }) => (row.source ? channelName(row.source, row.medium) : "");

function inboxRow(row: {
  id: number;
  form_type: string;
  name: string;
  email: string;
  company: string | null;
  status: LeadStatus;
  created_at: Date | string;
  source: string | null;
  medium: string | null;
  campaign: string | null;
}): InboxRow {
  const at = new Date(row.created_at);
  return {
    id: row.id,
    formType: row.form_type,
    formLabel: formTypeLabel(row.form_type),
    name: row.name,
    email: row.email,
    company: row.company,
    status: row.status,
    statusLabel: statusLabel(row.status),
    receivedAt: at.toISOString(),
    received: formatSast(at),
    channel: channelText(row),
    campaign: row.campaign,
  };
}

/** One page of the inbox: `older` than a cursor (the default, newest first) or `newer` than one. */
export async function listLeads(
  db: Kysely<Database>,
  filter: InboxFilter,
  page: { older?: Cursor; newer?: Cursor } = {},
  limit = PAGE_SIZE,
): Promise<InboxPage> {
  const backwards = Boolean(page.newer) && !page.older;
  const direction = backwards ? "asc" : "desc";
  let query = filtered(db, filter).select(listColumns);
  query = backwards ? pagedAfter(query, page.newer, "newer") : pagedAfter(query, page.older, "older");
  const rows = await query
    .orderBy("created_at", direction)
    .orderBy("id", direction)
    .limit(limit + 1)
    .execute();
  const more = rows.length > limit;
  const shown = rows.slice(0, limit);
  if (backwards) shown.reverse();
  const leads = shown.map(inboxRow);
  const cursorOf = (row: InboxRow | undefined) => (row ? encodeCursor({ at: new Date(row.receivedAt), id: row.id }) : null);
  return {
    leads,
    older: backwards || more ? cursorOf(leads.at(-1)) : null,
    newer: (backwards ? more : Boolean(page.older)) ? cursorOf(leads[0]) : null,
  };
}

/* One lead. */

export interface NotificationState {
  id: number;
  kind: string;
  /** "agency" for the notification, or the visitor's address for a booking's own mail. */
  to: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  queued: string;
  sent: string | null;
  nextAttempt: string | null;
}

export interface LeadNote {
  id: number;
  author: string;
  body: string;
  written: string;
}

export interface LeadDetail {
  id: number;
  formLabel: string;
  name: string;
  email: string;
  status: LeadStatus;
  /** What the agency won with it, in rand ("12500.00"); null when not given. */
  value: string | null;
  received: string;
  reference: string;
  fields: LeadField[];
  /** The channel it counts for ("google / cpc") and its campaign; null for leads from before attribution. */
  channel: { name: string; campaign: string | null } | null;
  /** Which campaign brought it: its first and latest campaign touches and the visit that sent it, as the page shows them. */
  touches: Array<{ title: string; fields: Array<{ label: string; value: string }> }>;
  origin: { clientAddress: string; userAgent: string | null; botCheck: string };
  notifications: NotificationState[];
  /** Whether there is an agency notification to send again (its copy is cleared after RETENTION_SENT_MAIL_DAYS). */
  canResend: boolean;
  notes: LeadNote[];
}

const botChecks: Record<string, string> = {
  altcha: "ALTCHA proof of work",
  "recaptcha-v3": "reCAPTCHA v3",
  "recaptcha-v2": "reCAPTCHA v2",
  turnstile: "Cloudflare Turnstile",
  noscript: "No JavaScript: honeypot, signed form token and the stricter rate limit",
};

/**
 * Rows of one lead table by id. The table comes from the leads row (one of
 * four known names): Kysely cannot type a table held in a variable, so this
 * one query names it as SQL.
 */
export async function storedRows(db: Kysely<Database>, table: LeadTable, ids: readonly number[]): Promise<StoredRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<StoredRow>`select * from ${sql.table(table)} where id in (${sql.join(ids)}) order by id`.execute(db);
  return rows;
}

export async function leadDetail(db: Kysely<Database>, id: number): Promise<LeadDetail | undefined> {
  const lead = await db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirst();
  if (!lead) return undefined;
  const [row, messages, notes, touches] = await Promise.all([
    storedRows(db, lead.lead_table, [lead.lead_id]).then((rows) => rows[0]),
    db
      .selectFrom("outbox")
      .select(["id", "kind", "recipient", "status", "attempts", "last_error", "created_at", "sent_at", "next_attempt_at"])
      .select(copyKept.as("copy_kept"))
      .where("lead_table", "=", lead.lead_table)
      .where("lead_id", "=", lead.lead_id)
      .orderBy("id")
      .execute(),
    db.selectFrom("lead_notes").select(["id", "author", "body", "created_at"]).where("lead_id", "=", id).orderBy("id").execute(),
    touchesOf(db, lead.lead_table, lead.lead_id),
  ]);
  if (!row) return undefined;
  return {
    id: lead.id,
    formLabel: formTypeLabel(lead.form_type),
    name: lead.name,
    email: lead.email,
    status: lead.status,
    value: lead.value_cents === null ? null : randOf(lead.value_cents),
    received: formatSast(lead.created_at),
    reference: `${lead.lead_table} #${lead.lead_id}`,
    fields: leadFields(lead.lead_table, row),
    channel: lead.source ? { name: channelText(lead), campaign: lead.campaign } : null,
    touches: touches.map((touch) => ({ title: touchTitles[touch.touch], fields: touchFields(touch) })),
    origin: {
      clientAddress: String(row.client_address),
      userAgent: (row.user_agent as string | null) ?? null,
      botCheck: botChecks[String(row.bot_check)] ?? String(row.bot_check),
    },
    notifications: messages.map((m) => ({
      id: m.id,
      kind: m.kind,
      to: m.recipient ?? "agency",
      status: m.status,
      attempts: m.attempts,
      lastError: m.last_error,
      queued: formatSast(m.created_at),
      sent: m.sent_at ? formatSast(m.sent_at) : null,
      nextAttempt: m.status === "retrying" ? formatSast(m.next_attempt_at) : null,
    })),
    canResend: messages.some((m) => m.recipient === null && Boolean(m.copy_kept)),
    notes: notes.map((n) => ({ id: n.id, author: n.author, body: n.body, written: formatSast(n.created_at) })),
  };
}

/* Changes, each written with its audit entry in one transaction. */

/** Cents of a rand as the inbox shows and exports it: "12500.00". */
export function randOf(cents: number): string {
  return (cents / 100).toFixed(2);
}

/**
 * Sets the agency's status of a lead and, optionally, what it won with it
 * (cents; null clears it, undefined leaves it). The status's time is when it
 * changed: the Google Ads export's conversion time.
 */
export async function setStatus(
  db: Kysely<Database>,
  actor: Actor,
  id: number,
  status: LeadStatus,
  now = new Date(),
  valueCents?: number | null,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("leads").select(["status", "value_cents"]).where("id", "=", id).executeTakeFirst();
    if (!before) return false;
    const newValue = valueCents !== undefined && valueCents !== before.value_cents;
    if (before.status === status && !newValue) return true;
    const changes = [];
    if (before.status !== status) {
      await trx.updateTable("leads").set({ status, status_changed_at: now }).where("id", "=", id).execute();
      changes.push(`${statusLabel(before.status)} to ${statusLabel(status)}`);
    }
    if (newValue) {
      await trx.updateTable("leads").set({ value_cents: valueCents }).where("id", "=", id).execute();
      changes.push(valueCents === null ? "value cleared" : `value R${randOf(valueCents)}`);
    }
    await recordAudit(trx, actor, { action: "status", detail: changes.join(", "), leadId: id }, now);
    return true;
  });
}

export async function addNote(db: Kysely<Database>, actor: Actor, id: number, body: string, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const lead = await trx.selectFrom("leads").select("id").where("id", "=", id).executeTakeFirst();
    if (!lead) return false;
    await trx
      .insertInto("lead_notes")
      .values({ lead_id: id, author_id: actor.userId, author: actor.name, body, created_at: now })
      .execute();
    await recordAudit(trx, actor, { action: "note", detail: "added a note", leadId: id }, now);
    return true;
  });
}

export type ResendResult = "queued" | "no-lead" | "no-notification";

/**
 * Queues the lead's agency notification again: a copy of the latest one as a
 * new outbox message, which the worker sends like any other.
 */
export async function resendNotification(db: Kysely<Database>, actor: Actor, id: number, now = new Date()): Promise<ResendResult> {
  return db.transaction().execute(async (trx) => {
    const lead = await trx.selectFrom("leads").select(["lead_table", "lead_id"]).where("id", "=", id).executeTakeFirst();
    if (!lead) return "no-lead";
    const last = await trx
      .selectFrom("outbox")
      .selectAll()
      .where("lead_table", "=", lead.lead_table)
      .where("lead_id", "=", lead.lead_id)
      .where("recipient", "is", null)
      .where(copyKept)
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    if (!last) return "no-notification";
    const { id: outboxId } = await trx
      .insertInto("outbox")
      .values({
        kind: last.kind,
        lead_table: last.lead_table,
        lead_id: last.lead_id,
        reply_to: last.reply_to,
        recipient: null,
        attachments: last.attachments,
        subject: last.subject,
        text_body: last.text_body,
        html_body: last.html_body,
        status: "queued",
        attempts: 0,
        next_attempt_at: now,
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, { action: "resend", detail: `queued the notification again (message ${outboxId})`, leadId: id }, now);
    return "queued";
  });
}

/* Export. */

/** A lead's attribution columns of the export. */
function attributionCells(
  lead: { source: string | null; medium: string | null; campaign: string | null; value_cents: number | null },
  touches: StoredTouch[],
): string[] {
  const touch = (name: StoredTouch["touch"]) => touches.find((t) => t.touch === name);
  const visit = touch("visit");
  const clickIds = touches.map((t) => clickIdsText(t.clickIds)).find(Boolean) ?? "";
  return [
    lead.source ?? "",
    lead.medium ?? "",
    lead.campaign ?? "",
    visit?.landing ?? "",
    visit?.referrer ?? "",
    touchSummary(touch("first")),
    touchSummary(touch("last")),
    clickIds,
    lead.value_cents === null ? "" : randOf(lead.value_cents),
  ];
}

export const EXPORT_COLUMNS = [
  "Lead",
  "Received (SAST)",
  "Received (UTC)",
  "Form",
  "Status",
  "Name",
  "Email",
  "Company",
  "Website",
  "Phone",
  "Details",
  "Source",
  "Medium",
  "Campaign",
  "Landing page",
  "Referrer",
  "First campaign visit",
  "Latest campaign visit",
  "Click ids",
  "Value (ZAR)",
];
/** Leads per page of the export: a page's queries and rows take a few milliseconds on SQLite, then others are answered. */
const EXPORT_PAGE = 250;

/**
 * Every lead the filter selects, newest first, read in keyset pages so a
 * large export never holds more than one page in memory, nor the process
 * for longer than a page takes.
 */
export async function* exportRows(db: Kysely<Database>, filter: InboxFilter): AsyncGenerator<string[]> {
  const pages = keysetPages(
    EXPORT_PAGE,
    (after: Cursor | undefined, size) =>
      pagedAfter(filtered(db, filter).selectAll(), after, "older")
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(size)
        .execute(),
    (lead) => ({ at: new Date(lead.created_at), id: lead.id }),
  );
  for await (const page of pages) {
    const details = new Map<string, string>();
    const touches = await touchesOfMany(
      db,
      page.map((lead) => ({ table: lead.lead_table, id: lead.lead_id })),
    );
    for (const [table, leads] of Map.groupBy(page, (lead) => lead.lead_table)) {
      const rows = await storedRows(
        db,
        table,
        leads.map((l) => l.lead_id),
      );
      for (const row of rows) details.set(`${table}:${row.id}`, leadDetails(table, row));
    }
    for (const lead of page) {
      const at = new Date(lead.created_at);
      yield [
        String(lead.id),
        formatSast(at),
        at.toISOString(),
        formTypeLabel(lead.form_type),
        statusLabel(lead.status),
        lead.name,
        lead.email,
        lead.company ?? "",
        lead.website ?? "",
        lead.phone ?? "",
        details.get(`${lead.lead_table}:${lead.lead_id}`) ?? "",
        ...attributionCells(lead, touches.get(`${lead.lead_table}:${lead.lead_id}`) ?? []),
      ];
    }
  }
}
