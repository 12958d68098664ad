import { type Kysely, sql } from "kysely";
import { formTypeLabel } from "#app/forms/registry.ts";
import { type LeadStatus } from "#app/lib/inbox.ts";
import { formatSast } from "#app/lib/sast.ts";
import type { StoredRow } from "#app/forms/definition.ts";
import { touchesOf } from "#server/attribution/store.ts";
import { touchFields, touchTitles } from "#server/attribution/describe.ts";
import type { LeadTable } from "#server/db/columns.ts";
import type { OutboxStatus, Database } from "#server/db/schema.ts";
import { copyKept } from "#server/outbox/migration.ts";
import { type LeadField, leadFields, randOf } from "#server/admin/fields.ts";
import { channelText } from "#server/admin/lead-list.ts";

export interface NotificationState {
  id: number;
  kind: string;
  to: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  queued: string;
  sent: string | null;
  nextAttempt: string | null;
}

export interface LeadNote {
  id: number;
  author: string;
  body: string;
  written: string;
}

export interface LeadDetail {
  id: number;
  formLabel: string;
  name: string;
  email: string;
  status: LeadStatus;
  value: string | null;
  received: string;
  reference: string;
  fields: LeadField[];
  channel: { name: string; campaign: string | null } | null;
  touches: Array<{ title: string; fields: Array<{ label: string; value: string }> }>;
  origin: { clientAddress: string; userAgent: string | null; botCheck: string };
  notifications: NotificationState[];
  /** Its copy is cleared after RETENTION_SENT_MAIL_DAYS. */
  canResend: boolean;
  notes: LeadNote[];
}

const botChecks: Record<string, string> = {
  altcha: "ALTCHA proof of work",
  "recaptcha-v3": "reCAPTCHA v3",
  "recaptcha-v2": "reCAPTCHA v2",
  turnstile: "Cloudflare Turnstile",
  noscript: "No JavaScript: honeypot, signed form token and the stricter rate limit",
};

/** Kysely cannot type a table held in a variable, so this one query names it as SQL. */
export async function storedRows(db: Kysely<Database>, table: LeadTable, ids: readonly number[]): Promise<StoredRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<StoredRow>`select * from ${sql.table(table)} where id in (${sql.join(ids)}) order by id`.execute(db);
  return rows;
}

export async function leadDetail(db: Kysely<Database>, id: number): Promise<LeadDetail | undefined> {
  const lead = await db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirst();
  if (!lead) return undefined;
  const [row, messages, notes, touches] = await Promise.all([
    storedRows(db, lead.lead_table, [lead.lead_id]).then((rows) => rows[0]),
    db
      .selectFrom("outbox")
      .select(["id", "kind", "recipient", "status", "attempts", "last_error", "created_at", "sent_at", "next_attempt_at"])
      .select(copyKept.as("copy_kept"))
      .where("lead_table", "=", lead.lead_table)
      .where("lead_id", "=", lead.lead_id)
      .orderBy("id")
      .execute(),
    db.selectFrom("lead_notes").select(["id", "author", "body", "created_at"]).where("lead_id", "=", id).orderBy("id").execute(),
    touchesOf(db, lead.lead_table, lead.lead_id),
  ]);
  if (!row) return undefined;
  return {
    id: lead.id,
    formLabel: formTypeLabel(lead.form_type),
    name: lead.name,
    email: lead.email,
    status: lead.status,
    value: lead.value_cents === null ? null : randOf(lead.value_cents),
    received: formatSast(lead.created_at),
    reference: `${lead.lead_table} #${lead.lead_id}`,
    fields: leadFields(lead.lead_table, row),
    channel: lead.source ? { name: channelText(lead), campaign: lead.campaign } : null,
    touches: touches.map((touch) => ({ title: touchTitles[touch.touch], fields: touchFields(touch) })),
    origin: {
      clientAddress: String(row.client_address),
      userAgent: (row.user_agent as string | null) ?? null,
      botCheck: botChecks[String(row.bot_check)] ?? String(row.bot_check),
    },
    notifications: messages.map((m) => ({
      id: m.id,
      kind: m.kind,
      to: m.recipient ?? "agency",
      status: m.status,
      attempts: m.attempts,
      lastError: m.last_error,
      queued: formatSast(m.created_at),
      sent: m.sent_at ? formatSast(m.sent_at) : null,
      nextAttempt: m.status === "retrying" ? formatSast(m.next_attempt_at) : null,
    })),
    canResend: messages.some((m) => m.recipient === null && Boolean(m.copy_kept)),
    notes: notes.map((n) => ({ id: n.id, author: n.author, body: n.body, written: formatSast(n.created_at) })),
  };
}
