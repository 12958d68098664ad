import { beforeAll, describe, expect, it } from "vitest";
import { DOCUMENT_BUDGET_BYTES, FIRST_LOAD_TARGET } from "#bench/budgets.ts";
import { type BundleRow, measureBundles } from "#bench/bundle.ts";

/**
 * The page budgets (bench/budgets.ts, app/before-react/README.md), measured on the
 * build as the server sends it: every public page's document with brotli, and
 * the JavaScript it runs at load, before the visitor's first sign of intent.
 */
let rows: BundleRow[];
beforeAll(async () => {
  rows = await measureBundles();
}, 60_000);

describe("page budgets", () => {
  it(`sends every document within ${DOCUMENT_BUDGET_BYTES / 1024} KB with brotli`, () => {
    const over = rows
      .filter((row) => row.document.bodyBytes > DOCUMENT_BUDGET_BYTES)
      .map((row) => `${row.path}: ${row.document.bodyBytes} B`);
    expect(over).toEqual([]);
  });

  it("runs no more JavaScript at load than the page's budget", () => {
    const over = rows
      .filter((row) => row.atLoad.bytesGz > FIRST_LOAD_TARGET[row.kind])
      .map((row) => `${row.path} (${row.kind}): ${row.atLoad.bytesGz} B gzipped`);
    expect(over).toEqual([]);
  });

  it("measures every public page", () => {
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) expect(row.atLoad.scripts, row.path).toBeGreaterThan(0);
  });
});
