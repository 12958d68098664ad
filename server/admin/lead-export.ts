import type { Kysely } from "kysely";
import { formTypeLabel } from "#app/forms/registry.ts";
import { statusLabel } from "#app/lib/inbox.ts";
import { formatSast } from "#app/lib/sast.ts";
import { type StoredTouch, touchesOfMany } from "#server/attribution/store.ts";
import { clickIdsText, touchSummary } from "#server/attribution/describe.ts";
import { keysetPages } from "#server/db/pages.ts";
import { leadDetails, randOf } from "#server/admin/fields.ts";
import { type Cursor, filtered, type InboxFilter, pagedAfter } from "#server/admin/filter.ts";
import { storedRows } from "#server/admin/lead-detail.ts";
import type { Database } from "#server/db/schema.ts";

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
/** A page takes a few milliseconds on SQLite, then others are answered. */
const EXPORT_PAGE = 250;

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
      const byId = new Map(leads.map((lead) => [lead.lead_id, lead]));
      for (const row of rows) details.set(`${table}:${row.id}`, leadDetails(table, row, byId.get(Number(row.id))!));
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
