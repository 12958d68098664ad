import { newsletterRules } from "#app/forms/newsletter.ts";
import { forgetAttribution } from "#server/attribution/store.ts";
import type { DatabaseHandle } from "#server/db/connect.ts";

const DAY_MS = 86_400_000;
// Per sweep, so one sweep never holds the database long.
const EXPIRE_BATCH = 500;

export interface ExpiredSignups {
  signups: number;
  messageIds: number[];
}

/** A signup that never counted is deleted with its lead and mail, as it may have been a stranger's address. */
export async function expireSignups(handle: DatabaseHandle, now = new Date()): Promise<ExpiredSignups> {
  const cutoff = new Date(now.getTime() - newsletterRules.confirmDays * DAY_MS);
  return handle.durableTransaction(async (trx) => {
    await trx
      .updateTable("newsletter_subscribers")
      .set({ status: "left" })
      .where("status", "=", "pending")
      .where("signed_up_at", "<=", cutoff)
      .where("left_at", "is not", null)
      .execute();
    const expired = await trx
      .selectFrom("newsletter_subscribers")
      .select(["id", "lead_id"])
      .where("status", "=", "pending")
      .where("signed_up_at", "<=", cutoff)
      .limit(EXPIRE_BATCH)
      .execute();
    if (!expired.length) return { signups: 0, messageIds: [] };
    const ids = expired.map((row) => row.id);
    const leadIds = expired.flatMap((row) => (row.lead_id === null ? [] : [row.lead_id]));
    const messages = await trx
      .deleteFrom("outbox")
      .where((eb) =>
        eb.or([
          eb.and([eb("lead_table", "=", "newsletter_subscribers"), eb("lead_id", "in", ids)]),
          ...(leadIds.length ? [eb.and([eb("lead_table", "=", "form_submissions"), eb("lead_id", "in", leadIds)])] : []),
        ]),
      )
      .returning("id")
      .execute();
    if (leadIds.length) {
      await forgetAttribution(trx, "form_submissions", leadIds);
      await trx.deleteFrom("form_submissions").where("id", "in", leadIds).where("form_type", "=", "newsletter").execute();
    }
    await trx.deleteFrom("newsletter_subscribers").where("id", "in", ids).execute();
    return { signups: ids.length, messageIds: messages.map((message) => message.id) };
  });
}
