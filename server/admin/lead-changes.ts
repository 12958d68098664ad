import type { Kysely } from "kysely";
import { type LeadStatus, statusLabel } from "#app/lib/inbox.ts";
import { copyKept } from "#server/outbox/migration.ts";
import { type Actor, recordAudit } from "#server/audit/audit.ts";
import { randOf } from "#server/admin/fields.ts";
import type { Database } from "#server/db/schema.ts";
import { enqueue } from "#server/outbox/store.ts";

/** The status's time is when it changed: the Google Ads export's conversion time. */
export async function setStatus(
  db: Kysely<Database>,
  actor: Actor,
  id: number,
  status: LeadStatus,
  now = new Date(),
  valueCents?: number | null,
): Promise<boolean> {
  return db.transaction().execute((trx) => changeStatus(trx, actor, id, status, now, valueCents));
}

export async function changeStatus(
  trx: Kysely<Database>,
  actor: Actor,
  id: number,
  status: LeadStatus,
  now: Date,
  valueCents?: number | null,
): Promise<boolean> {
  const before = await trx.selectFrom("leads").select(["status", "value_cents"]).where("id", "=", id).executeTakeFirst();
  if (!before) return false;
  const newValue = valueCents !== undefined && valueCents !== before.value_cents;
  if (before.status === status && !newValue) return true;
  const changes = [];
  if (before.status !== status) {
    await trx.updateTable("leads").set({ status, status_changed_at: now }).where("id", "=", id).execute();
    changes.push(`${statusLabel(before.status)} to ${statusLabel(status)}`);
  }
  if (newValue) {
    await trx.updateTable("leads").set({ value_cents: valueCents }).where("id", "=", id).execute();
    changes.push(valueCents === null ? "value cleared" : `value R${randOf(valueCents)}`);
  }
  await recordAudit(trx, actor, { action: "status", detail: changes.join(", "), leadId: id }, now);
  return true;
}

export async function addNote(db: Kysely<Database>, actor: Actor, id: number, body: string, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const lead = await trx.selectFrom("leads").select("id").where("id", "=", id).executeTakeFirst();
    if (!lead) return false;
    await trx
      .insertInto("lead_notes")
      .values({ lead_id: id, author_id: actor.userId, author: actor.name, body, created_at: now })
      .execute();
    await recordAudit(trx, actor, { action: "note", detail: "added a note", leadId: id }, now);
    return true;
  });
}

export type ResendResult = "queued" | "no-lead" | "no-notification";

export async function resendNotification(db: Kysely<Database>, actor: Actor, id: number, now = new Date()): Promise<ResendResult> {
  return db.transaction().execute(async (trx) => {
    const lead = await trx.selectFrom("leads").select(["lead_table", "lead_id"]).where("id", "=", id).executeTakeFirst();
    if (!lead) return "no-lead";
    const last = await trx
      .selectFrom("outbox")
      .selectAll()
      .where("lead_table", "=", lead.lead_table)
      .where("lead_id", "=", lead.lead_id)
      .where("recipient", "is", null)
      // A reminder of a call is rendered when due, not copied.
      .where("channel", "=", "mail")
      .where(copyKept)
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    if (!last) return "no-notification";
    const [outboxId] = await enqueue(
      trx,
      {
        kind: last.kind,
        lead_table: last.lead_table,
        lead_id: last.lead_id,
        reply_to: last.reply_to,
        recipient: null,
        attachments: last.attachments,
        subject: last.subject,
        text_body: last.text_body,
        html_body: last.html_body,
      },
      now,
    );
    await recordAudit(trx, actor, { action: "resend", detail: `queued the notification again (message ${outboxId})`, leadId: id }, now);
    return "queued";
  });
}
