import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { keysetPages } from "#server/db/pages.ts";
import { clickOf, conversionTime } from "#server/attribution/conversions.ts";
import { touchesOfMany } from "#server/attribution/store.ts";

// A no-show after qualification takes Google Ads' "Qualified lead" conversion back; a lead without a gclid cannot be adjusted by file.

export const ADJUSTMENT_COLUMNS = [
  "Google Click ID",
  "Conversion Name",
  "Conversion Time",
  "Adjustment Time",
  "Adjustment Type",
  "Adjusted Value",
  "Adjusted Value Currency",
];

// A page and its touches are read, and its rows written, in a few milliseconds.
const PAGE = 500;

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
