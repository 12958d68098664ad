import type { Kysely } from "kysely";
import { formTypeLabel } from "#app/forms/registry.ts";
import { type LeadStatus, statusLabel } from "#app/lib/inbox.ts";
import { formatSast } from "#app/lib/sast.ts";
import { channelName } from "#app/lib/attribution.ts";
import { type Cursor, encodeCursor, filtered, type InboxFilter, pagedAfter } from "#server/admin/filter.ts";
import type { Database } from "#server/db/schema.ts";

const PAGE_SIZE = 50;

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
  channel: string;
  campaign: string | null;
}

export interface InboxPage {
  leads: InboxRow[];
  older: string | null;
  newer: string | null;
}

const listColumns = ["id", "form_type", "name", "email", "company", "status", "created_at", "source", "medium", "campaign"] as const;

export const channelText = (row: { source: string | null; medium: string | null }) =>
  row.source ? channelName(row.source, row.medium) : "";

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
