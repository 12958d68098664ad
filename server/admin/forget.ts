import { type Kysely, sql, type Transaction } from "kysely";
import type { StoredRow } from "#app/forms/definition.ts";
import { formOfRow } from "#app/forms/registry.ts";
import { formatSast } from "#app/lib/sast.ts";
import { forgetAttribution } from "#server/attribution/store.ts";
import type { LeadTable } from "#server/db/columns.ts";
import { type MailFiles, mailFilesOf, removeMailFiles } from "#server/outbox/mail-files.ts";
import { type Actor, emailFingerprint, recordAudit } from "#server/audit/audit.ts";
import type { Database } from "#server/db/schema.ts";
import { normalizeEmail } from "#server/admin/users.ts";

// POPIA request: the lead tables and the outbox are searched themselves, so nothing is missed if a row was never mirrored.

const LEAD_TABLES: readonly LeadTable[] = ["form_submissions", "company_profile_leads", "service_orders", "bookings"];
const FORGET_TABLES = [...LEAD_TABLES, "booking_claims", "lead_attributions", "leads", "lead_notes", "outbox", "newsletter_subscribers"];

export interface HeldLead {
  table: LeadTable;
  id: number;
  form: string;
  name: string;
  received: string;
}

export interface Holdings {
  email: string;
  leads: HeldLead[];
  messages: number;
  notes: number;
  subscriptions: number;
  mailFiles: number;
}

export interface ForgetResult {
  leads: number;
  messages: number;
  notes: number;
  subscriptions: number;
  mailFiles: number;
  fingerprint: string;
}

type Db = Kysely<Database>;

export interface ForgetSite {
  db: Db;
  purgeDeleted(tables: readonly string[]): Promise<void>;
  mail: MailFiles;
  forgetKey: Buffer;
}

const formOf = (table: LeadTable, row: StoredRow): string => formOfRow(table, row)?.inbox.label ?? table;

async function leadsOf(db: Db, email: string): Promise<HeldLead[]> {
  const found: HeldLead[] = [];
  for (const table of LEAD_TABLES) {
    // Kysely cannot type a table held in a variable.
    const { rows } = await sql<StoredRow>`select * from ${sql.table(table)} where lower(email) = ${email} order by id`.execute(db);
    for (const row of rows) {
      found.push({
        table,
        id: Number(row.id),
        form: formOf(table, row),
        name: String(row.name),
        received: formatSast(row.created_at as Date | string),
      });
    }
  }
  return found;
}

async function subscriptionsOf(db: Db, email: string): Promise<number[]> {
  const rows = await db.selectFrom("newsletter_subscribers").select("id").where("email_key", "=", email).execute();
  return rows.map((row) => row.id);
}

function messagesQuery(db: Db, email: string, leads: HeldLead[], subscriptions: number[]) {
  return db.selectFrom("outbox").where((eb) =>
    eb.or([
      eb(sql`lower(reply_to)`, "=", email),
      eb(sql`lower(recipient)`, "=", email),
      ...(subscriptions.length ? [eb.and([eb("lead_table", "=", "newsletter_subscribers"), eb("lead_id", "in", subscriptions)])] : []),
      ...LEAD_TABLES.filter((t) => leads.some((l) => l.table === t)).map((table) =>
        eb.and([
          eb("lead_table", "=", table),
          eb(
            "lead_id",
            "in",
            leads.filter((l) => l.table === table).map((l) => l.id),
          ),
        ]),
      ),
    ]),
  );
}

function notesQuery(db: Db, leads: HeldLead[]) {
  return db
    .selectFrom("lead_notes")
    .innerJoin("leads", "leads.id", "lead_notes.lead_id")
    .where((eb) =>
      eb.or(
        LEAD_TABLES.filter((t) => leads.some((l) => l.table === t)).map((table) =>
          eb.and([
            eb("leads.lead_table", "=", table),
            eb(
              "leads.lead_id",
              "in",
              leads.filter((l) => l.table === table).map((l) => l.id),
            ),
          ]),
        ),
      ),
    );
}

export async function findHoldings(db: Db, mail: MailFiles, address: string): Promise<Holdings> {
  const email = normalizeEmail(address);
  const leads = await leadsOf(db, email);
  const subscriptions = await subscriptionsOf(db, email);
  const messageIds = (await messagesQuery(db, email, leads, subscriptions).select("outbox.id").execute()).map((m) => m.id);
  const notes = leads.length
    ? Number(
        (
          await notesQuery(db, leads)
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      )
    : 0;
  return {
    email,
    leads,
    messages: messageIds.length,
    notes,
    subscriptions: subscriptions.length,
    mailFiles: mailFilesOf(mail, messageIds).length,
  };
}

export interface ForgetOptions {
  now?: Date;
  subscriptionForgotten?: (trx: Transaction<Database>, email: string, now: Date) => Promise<void>;
  bookingsForgotten?: (trx: Transaction<Database>, bookings: ForgottenBooking[], now: Date) => Promise<void>;
}

export interface ForgottenBooking {
  id: number;
  consultant: string | null;
}

/** Logs the count against a keyed hash of the address, then purges the files: nothing of the person is left (decision 0029). */
export async function forgetPerson(
  { db, purgeDeleted, mail, forgetKey }: ForgetSite,
  actor: Actor,
  address: string,
  { now = new Date(), subscriptionForgotten, bookingsForgotten }: ForgetOptions = {},
): Promise<ForgetResult> {
  const email = normalizeEmail(address);
  const fingerprint = emailFingerprint(forgetKey, email);
  const result = await db.transaction().execute(async (trx) => {
    const leads = await leadsOf(trx, email);
    const subscriptions = await subscriptionsOf(trx, email);
    const messageIds = (await messagesQuery(trx, email, leads, subscriptions).select("outbox.id").execute()).map((m) => m.id);
    const notes = leads.length
      ? Number(
          (
            await notesQuery(trx, leads)
              .select((eb) => eb.fn.countAll().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        )
      : 0;
    if (messageIds.length) await trx.deleteFrom("outbox").where("id", "in", messageIds).execute();
    const bookingIds = leads.filter((l) => l.table === "bookings").map((l) => l.id);
    if (bookingIds.length && bookingsForgotten) {
      await bookingsForgotten(
        trx,
        await trx.selectFrom("bookings").select(["id", "consultant"]).where("id", "in", bookingIds).execute(),
        now,
      );
    }
    if (subscriptions.length) {
      await subscriptionForgotten?.(trx, email, now);
      await trx.deleteFrom("newsletter_subscribers").where("id", "in", subscriptions).execute();
    }
    for (const table of LEAD_TABLES) {
      const ids = leads.filter((l) => l.table === table).map((l) => l.id);
      if (!ids.length) continue;
      if (table === "bookings") await trx.deleteFrom("booking_claims").where("booking_id", "in", ids).execute();
      await forgetAttribution(trx, table, ids);
      await trx
        .deleteFrom(table as "form_submissions")
        .where("id", "in", ids)
        .execute();
    }
    const total = leads.length + messageIds.length + notes + subscriptions.length;
    const subscribed = subscriptions.length ? ", 1 newsletter subscription" : "";
    const counted = `${leads.length} leads, ${messageIds.length} messages, ${notes} notes${subscribed}`;
    await recordAudit(trx, actor, { action: "forget", detail: `forgot ${total} records (${counted}) for email hash ${fingerprint}` }, now);
    return { leads: leads.length, messages: messageIds, notes, subscriptions: subscriptions.length };
  });
  const mailFiles = removeMailFiles(mail, result.messages);
  await purgeDeleted(FORGET_TABLES);
  return {
    leads: result.leads,
    messages: result.messages.length,
    notes: result.notes,
    subscriptions: result.subscriptions,
    mailFiles,
    fingerprint,
  };
}
