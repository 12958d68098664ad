import { type Kysely, sql } from "kysely";
import type { Database } from "#server/db/schema.ts";

/**
 * Many leads at once, as years of a busy agency leave them: company profile
 * leads written through their table (so the triggers fill the inbox's `leads`
 * as in production), each with the campaign touch that brought it, and the
 * inbox rows then marked as the agency would. Multi-row inserts in one
 * transaction: 100,000 leads take seconds, not minutes.
 */

const ROWS_PER_INSERT = 1000;
const DAY_MS = 86_400_000;

/** The i-th lead's click id (1-based): every tenth lead came without one. */
export const gclidOf = (i: number): string | null => (i % 10 === 0 ? null : `GCLID-${i}`);

export interface ManyLeads {
  count: number;
  /** The newest lead's time: the others are spread evenly over the `spanDays` before it. */
  now: Date;
  spanDays: number;
  /** Every lead marked Won at `now` (R125.00), sent with marketing allowed. */
  converted: boolean;
}

/** When the i-th lead (1-based) arrived: the first is the newest. */
export function arrivalOf(i: number, { count, now, spanDays }: ManyLeads): Date {
  return new Date(now.getTime() - Math.floor(((i - 1) / count) * spanDays * DAY_MS));
}

export async function seedManyLeads(db: Kysely<Database>, many: ManyLeads): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let from = 1; from <= many.count; from += ROWS_PER_INSERT) {
      const numbers = Array.from({ length: Math.min(ROWS_PER_INSERT, many.count - from + 1) }, (_, k) => from + k);
      const ids = await trx
        .insertInto("company_profile_leads")
        .values(
          numbers.map((i) => ({
            name: `Lead ${i}`,
            email: `lead${i}@example${i % 97}.co.za`,
            company: `Company ${i % 500}`,
            phone: "082 555 0101",
            bot_check: "altcha" as const,
            client_address: `198.51.100.${i % 250}`,
            user_agent: "ManyLeads/1.0",
            created_at: arrivalOf(i, many),
          })),
        )
        .returning("id")
        .execute();
      // The visit that sent it, and the campaign visit that brought it, with its click id.
      const touch = (i: number, id: number, name: "visit" | "last", clickIds: string | null) => ({
        lead_table: "company_profile_leads" as const,
        lead_id: id,
        touch: name,
        at: arrivalOf(i, many),
        landing_page: `/services/page-${i % 40}`,
        referrer: "https://www.google.com",
        utm_source: "google",
        utm_medium: "cpc",
        utm_campaign: `campaign-${i % 30}`,
        utm_term: null,
        utm_content: null,
        click_ids: clickIds,
      });
      await trx
        .insertInto("lead_attributions")
        .values(
          numbers.flatMap((i, k) => {
            const gclid = gclidOf(i);
            return [touch(i, ids[k]!.id, "visit", null), touch(i, ids[k]!.id, "last", gclid ? JSON.stringify({ gclid }) : null)];
          }),
        )
        .execute();
    }
    await trx
      .updateTable("leads")
      .set({ source: "google", medium: "cpc", campaign: sql`'campaign-' || (lead_id % 30)` })
      .execute();
    if (many.converted) {
      await trx
        .updateTable("leads")
        .set({ status: "won", value_cents: 12_500, marketing_consent: true, status_changed_at: many.now })
        .execute();
    }
  });
  // Fresh statistics, as a database that grew to this size over years would have (autovacuum's, on PostgreSQL).
  await sql`analyze`.execute(db);
}
