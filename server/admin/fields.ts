import type { ReportField, StoredRow } from "#app/forms/definition.ts";
import { formOfRow } from "#app/forms/registry.ts";
import type { LeadTable } from "#server/db/columns.ts";

export type LeadField = Pick<ReportField, "label" | "value" | "multiline">;

const reportOf = (table: LeadTable, row: StoredRow): ReportField[] => formOfRow(table, row)?.report(row) ?? [];

export function leadFields(table: LeadTable, row: StoredRow): LeadField[] {
  return reportOf(table, row).map(({ label, value, multiline }) => ({ label, value, ...(multiline ? { multiline } : {}) }));
}

const exportedColumns = ["name", "email", "company", "website", "phone"] as const;
export type ExportedColumns = Readonly<Record<(typeof exportedColumns)[number], string | null>>;

const isExportedColumn = (key: string): key is (typeof exportedColumns)[number] => (exportedColumns as readonly string[]).includes(key);

/** Fields are picked by key, never by label, so a field labelled "Phone" under another key stays in Details. */
export function detailsText(fields: readonly ReportField[], columns: ExportedColumns): string {
  return fields
    .filter((f) => f.value !== "" && !(isExportedColumn(f.key) && columns[f.key] === f.value))
    .map((f) => `${f.label}: ${f.value}`)
    .join("\n");
}

export function leadDetails(table: LeadTable, row: StoredRow, columns: ExportedColumns): string {
  return detailsText(reportOf(table, row), columns);
}

export function randOf(cents: number): string {
  return (cents / 100).toFixed(2);
}
