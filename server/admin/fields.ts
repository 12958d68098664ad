import type { ReportField, StoredRow } from "#app/forms/definition.ts";
import { formOfRow } from "#app/forms/registry.ts";
import type { LeadTable } from "#server/db/columns.ts";

/** One thing the visitor told us, as the inbox shows it. */
export type LeadField = Pick<ReportField, "label" | "value" | "multiline">;

const reportOf = (table: LeadTable, row: StoredRow): ReportField[] => formOfRow(table, row)?.report(row) ?? [];

/** Every field the visitor gave, labelled as the notification labels it (the form's report), for any lead table's row. */
export function leadFields(table: LeadTable, row: StoredRow): LeadField[] {
  return reportOf(table, row).map(({ label, value, multiline }) => ({ label, value, ...(multiline ? { multiline } : {}) }));
}

/** The columns the CSV export shows of every lead besides Details, by the key of the field each shows. */
const exportedColumns = ["name", "email", "company", "website", "phone"] as const;
export type ExportedColumns = Readonly<Record<(typeof exportedColumns)[number], string | null>>;

const isExportedColumn = (key: string): key is (typeof exportedColumns)[number] => (exportedColumns as readonly string[]).includes(key);

/**
 * The CSV export's Details cell: the fields its own columns do not already
 * show, as one text. Fields are picked by key, never by label: a field keyed
 * `phone` stays here when its lead table mirrors no phone into the inbox, and
 * one labelled "Phone" under another key is never taken for the phone column.
 */
export function detailsText(fields: readonly ReportField[], columns: ExportedColumns): string {
  return fields
    .filter((f) => f.value !== "" && !(isExportedColumn(f.key) && columns[f.key] === f.value))
    .map((f) => `${f.label}: ${f.value}`)
    .join("\n");
}

/** The Details cell of a lead table's row, beside the columns its inbox row shows. */
export function leadDetails(table: LeadTable, row: StoredRow, columns: ExportedColumns): string {
  return detailsText(reportOf(table, row), columns);
}

/** Cents of a rand as the inbox shows and exports it: "12500.00". */
export function randOf(cents: number): string {
  return (cents / 100).toFixed(2);
}
