import type { Kysely } from "kysely";
import { type LeadFormDefinition, NOT_SPECIFIED, type StoredRow, textOf } from "#app/forms/definition.ts";
import type { CoreServices } from "#server/core-services.ts";
import type { Database } from "#server/db/schema.ts";
import type { LeadOrigin, NewLead } from "#server/forms/lead.ts";
import { type FormAnswer, leadSuccess, runForm } from "#server/forms/pipeline.ts";
import type { ClientAddress } from "#server/http/client-address.ts";
import { log } from "#server/log.ts";
import { typedEmail } from "#server/mail/address.ts";
import { type LeadNotice, renderNotification } from "#server/mail/render.ts";
import { countLeadStored } from "#server/ops/metrics.ts";
import { pageOf } from "#server/webhooks/payload.ts";
import { queueLeadEvent } from "#server/webhooks/queue.ts";

export function noticeOf(form: LeadFormDefinition, lead: NewLead): LeadNotice {
  const row: StoredRow = lead.row;
  const { kind, heading, anonymous } = form.notification;
  return {
    kind,
    heading,
    name: anonymous ? null : textOf(row.name),
    company: anonymous ? null : textOf(row.company) || null,
    email: textOf(row.email),
    fields: form.report(row).map(({ label, value, multiline, empty }) => ({ label, value: value || empty || NOT_SPECIFIED, multiline })),
  };
}

export function handleLead(services: CoreServices, form: LeadFormDefinition, request: Request, client: ClientAddress): Promise<FormAnswer> {
  return runForm(services, form, request, client, async ({ input, origin, fail }) => {
    // Stored as mail can reach it (an internationalised domain in its ASCII form).
    const typed = input as { email: string };
    const lead = form.row({ ...typed, email: typedEmail(typed.email) });
    try {
      const { leadId } = await services.leads.saveLead(
        lead,
        origin,
        (leadId) => renderNotification(noticeOf(form, lead), { ...origin, leadTable: lead.table, leadId }),
        leadEventQueue(services, form, request, origin, lead),
      );
      log.info(`Lead stored: ${form.key}, ${lead.table} ${leadId}`);
    } catch (error) {
      log.error(`Could not store a ${form.key} lead:`, error);
      return fail({ status: 500, reason: "storage" });
    }
    countLeadStored(form.key);
    services.worker.nudge();
    return leadSuccess(form);
  });
}

export function leadEventQueue(services: CoreServices, form: LeadFormDefinition, request: Request, origin: LeadOrigin, lead: NewLead) {
  return (trx: Kysely<Database>, leadId: number): Promise<void> =>
    queueLeadEvent(trx, services.settings, {
      form,
      lead: { table: lead.table, id: leadId },
      row: lead.row,
      receivedAt: origin.receivedAt,
      page: pageOf(request, services.settings.SITE_URL),
      attribution: origin.attribution ?? null,
    });
}
