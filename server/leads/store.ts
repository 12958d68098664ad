import type { Insertable, Transaction } from "kysely";
import { recordAttribution } from "#server/attribution/store.ts";
import type { DatabaseHandle } from "#server/db/connect.ts";
import type { LeadTable } from "#server/db/columns.ts";
import type { Database, FormSubmissionsTable } from "#server/db/schema.ts";
import type { LeadOrigin, NewLead } from "#server/forms/lead.ts";
import type { Notification } from "#server/mail/render.ts";
import { enqueue } from "#server/outbox/store.ts";

export async function insertLead(
  trx: Transaction<Database>,
  lead: NewLead,
  origin: LeadOrigin,
  notify: (leadId: number) => Notification,
): Promise<{ leadId: number; outboxId: number }> {
  const originColumns = {
    bot_check: origin.botCheck,
    client_address: origin.clientAddress,
    user_agent: origin.userAgent,
    created_at: origin.receivedAt,
  };
  // Kysely cannot follow a table name held in a variable.
  const { id: leadId } = await trx
    .insertInto(lead.table as "form_submissions")
    .values({ ...(lead.row as Insertable<FormSubmissionsTable>), ...originColumns })
    .returning("id")
    .executeTakeFirstOrThrow();
  await recordAttribution(trx, lead.table, leadId, origin.attribution);
  const message = notify(leadId);
  const [outboxId] = await enqueue(
    trx,
    {
      kind: message.kind,
      lead_table: lead.table satisfies LeadTable,
      lead_id: leadId,
      reply_to: message.replyTo,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html,
    },
    origin.receivedAt,
  );
  return { leadId, outboxId: outboxId! };
}

export class LeadStore {
  readonly #handle: DatabaseHandle;

  constructor(handle: DatabaseHandle) {
    this.#handle = handle;
  }

  /** All or none is committed, so an acknowledged lead always has its message queued. */
  saveLead(
    lead: NewLead,
    origin: LeadOrigin,
    notify: (leadId: number) => Notification,
    alsoQueue?: (trx: Transaction<Database>, leadId: number) => Promise<void>,
  ): Promise<{ leadId: number; outboxId: number }> {
    return this.#handle.durableTransaction(async (trx) => {
      const saved = await insertLead(trx, lead, origin, notify);
      await alsoQueue?.(trx, saved.leadId);
      return saved;
    });
  }
}
