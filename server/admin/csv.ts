/**
 * CSV as RFC 4180 writes it (CRLF rows, every cell quoted when it holds a quote,
 * comma or line break, quotes doubled), made safe to open in a spreadsheet: a
 * cell a spreadsheet would read as a formula (=, +, -, @, tab, carriage return
 * first) gets a leading single quote.
 */
export const CSV_BOM = "\uFEFF";

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvRow(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** A whole CSV file as a download (the report and the conversion files: small, so not streamed). */
export function csvDownload(filename: string, rows: ReadonlyArray<readonly string[]>): Response {
  return new Response(CSV_BOM + rows.map(csvRow).join(""), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
    },
  });
}
