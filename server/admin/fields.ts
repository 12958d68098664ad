import type { ReportField, StoredRow } from "#app/forms/definition.ts";
import { formOfRow } from "#app/forms/registry.ts";
import type { LeadTable } from "#server/db/schema.ts";

/** One thing the visitor told us, as the inbox shows it. */
export type LeadField = Pick<ReportField, "label" | "value" | "multiline">;

/** Every field the visitor gave, labelled as the notification labels it (the form's report), for any lead table's row. */
export function leadFields(table: LeadTable, row: StoredRow): LeadField[] {
  return (formOfRow(table, row)?.report(row) ?? []).map(({ label, value, multiline }) => ({
    label,
    value,
    ...(multiline ? { multiline } : {}),
  }));
}

/** The fields beyond the inbox's own columns, as one text: the CSV export's Details cell. */
export function leadDetails(table: LeadTable, row: StoredRow): string {
  const shown = new Set(["Name", "Email", "Company", "Website", "Phone"]);
  return leadFields(table, row)
    .filter((f) => !shown.has(f.label) && f.value !== "")
    .map((f) => `${f.label}: ${f.value}`)
    .join("\n");
}

/** Cents of a rand as the inbox shows and exports it: "12500.00". */
export function randOf(cents: number): string {
  return (cents / 100).toFixed(2);
}
