import { describe, expect, it } from "vitest";
import { clickConversionRows, conversionTime, enhancedConversionRows, hashedEmail } from "#server/attribution/conversions.ts";
import { allRows } from "#tests/support/csv.ts";
import { databaseKinds, useSiteDatabase } from "#tests/support/database.ts";
import { gclidOf, seedManyLeads } from "#tests/support/many-leads.ts";

/**
 * The Google Ads files at any size, on SQLite and, with TEST_DATABASE_URL,
 * PostgreSQL: the click file once failed for good at 1,000 converted leads on
 * SQLite (its query listed every lead) and between 2,000 and 35,000 on
 * PostgreSQL. 40,000 is past both: 100,000 took 25 CPU-s (the test's and
 * PostgreSQL's) where 40,000 take 10, and found nothing more (issue 43).
 */

const LEADS = 40_000;
const now = new Date("2026-11-24T10:00:00Z");

describe.each(databaseKinds)(`the Google Ads files at ${LEADS} won leads on %s`, (kind) => {
  const site = useSiteDatabase(kind);

  it("give every click with its conversion, and every lead hashed", { timeout: 240_000 }, async () => {
    await seedManyLeads(site.db, { count: LEADS, now, spanDays: 720, converted: true });

    const clicks = await allRows(clickConversionRows(site.db));
    // Every tenth lead came without a click id: it is in the enhanced file only.
    expect(clicks).toHaveLength(LEADS * 0.9);
    expect(new Set(clicks.map((row) => row[0])).size).toBe(LEADS * 0.9);
    const won = [conversionTime(now), "125.00", "ZAR"];
    // Oldest first: the seeded leads arrived newest first.
    expect(clicks[0]).toEqual([gclidOf(LEADS - 1), "Won lead", ...won]);
    expect(clicks.at(-1)).toEqual([gclidOf(1), "Won lead", ...won]);
    expect(clicks).toContainEqual([gclidOf(34_321), "Won lead", ...won]);
    expect(clicks.some((row) => row[0] === `GCLID-${LEADS}`)).toBe(false);

    const enhanced = await allRows(enhancedConversionRows(site.db));
    expect(enhanced).toHaveLength(LEADS);
    expect(enhanced.at(-1)!.slice(0, 1)).toEqual([hashedEmail("lead1@example1.co.za")]);
  });
});
