// RFC 4180; a cell a spreadsheet would read as a formula gets a leading single quote.
export const CSV_BOM = "\uFEFF";

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvRow(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

const ROWS_PER_CHUNK = 200;

/** A stream with backpressure, so a file of any size holds one chunk in memory. */
export function csvDownload(
  filename: string,
  head: ReadonlyArray<readonly string[]>,
  rows: AsyncIterable<readonly string[]> = (async function* () {})(),
): Response {
  const encoder = new TextEncoder();
  const source = rows[Symbol.asyncIterator]();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + head.map(csvRow).join("")));
    },
    async pull(controller) {
      let chunk = "";
      for (let i = 0; i < ROWS_PER_CHUNK; i++) {
        const next = await source.next();
        if (next.done) {
          if (chunk) controller.enqueue(encoder.encode(chunk));
          controller.close();
          return;
        }
        chunk += csvRow(next.value);
      }
      controller.enqueue(encoder.encode(chunk));
    },
    async cancel() {
      await source.return?.(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
    },
  });
}
