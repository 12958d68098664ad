import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { keysetPages } from "#server/db/pages.ts";
import { clickOf, conversionTime } from "#server/attribution/conversions.ts";
import { touchesOfMany } from "#server/attribution/store.ts";

/**
 * A no-show told to Google Ads. Google Ads counts a lead's "Qualified lead"
 * conversion from the click conversions file (server/attribution/conversions.ts);
 * a call marked no-show after its lead was qualified (held pressed by mistake
 * and corrected, or the lead qualified before its call) takes that conversion
 * back. `markCall` records each such retraction with the conversion's time, as
 * the click file gave it; this file lists them as Google's conversion
 * adjustments template has them (RETRACT, the conversion found by its Google
 * Click ID and time). A lead without a gclid was counted only through the
 * enhanced conversions file, which Google cannot adjust by file: the README says so.
 */

export const ADJUSTMENT_COLUMNS = [
  "Google Click ID",
  "Conversion Name",
  "Conversion Time",
  "Adjustment Time",
  "Adjustment Type",
  "Adjusted Value",
  "Adjusted Value Currency",
];

/** Retractions per page: a page and its touches are read, and its rows written, in a few milliseconds. */
const PAGE = 500;

/** The conversion adjustments file's rows (after its Parameters row and header): a retraction per no-show of a qualified lead. */
export async function* noShowAdjustmentRows(db: Kysely<Database>): AsyncGenerator<string[]> {
  const pages = keysetPages(
    PAGE,
    (after: number | undefined, size) =>
      db
        .selectFrom("conversion_retractions")
        .innerJoin("leads", "leads.id", "conversion_retractions.lead_id")
        .select([
          "conversion_retractions.id",
          "conversion_retractions.conversion",
          "conversion_retractions.converted_at",
          "conversion_retractions.retracted_at",
          "leads.lead_table",
          "leads.lead_id",
        ])
        // Only a lead sent with marketing allowed was ever in the click file.
        .where("leads.marketing_consent", "=", true)
        .$if(after !== undefined, (qb) => qb.where("conversion_retractions.id", ">", after!))
        .orderBy("conversion_retractions.id")
        .limit(size)
        .execute(),
    (row) => row.id,
  );
  for await (const rows of pages) {
    const touches = await touchesOfMany(
      db,
      rows.map((row) => ({ table: row.lead_table, id: row.lead_id })),
    );
    for (const row of rows) {
      const gclid = clickOf(touches.get(`${row.lead_table}:${row.lead_id}`) ?? []);
      if (!gclid) continue;
      yield [
        gclid,
        row.conversion,
        conversionTime(new Date(row.converted_at)),
        conversionTime(new Date(row.retracted_at)),
        "RETRACT",
        "",
        "",
      ];
    }
  }
}
