import { type Insertable, type Selectable, sql, type Transaction } from "kysely";
import type { Attribution } from "#app/lib/attribution.ts";
import { recordAttribution } from "#server/attribution/store.ts";
import { keptSentCopy, unsentMessage } from "#server/outbox/migration.ts";
import type { DatabaseHandle } from "#server/db/connect.ts";
import type {
  BotCheck,
  CompanyProfileLeadsTable,
  Database,
  FormSubmissionsTable,
  LeadTable,
  OutboxChannel,
  OutboxTable,
  ServiceOrdersTable,
} from "#server/db/schema.ts";

/**
 * The one data-access module: every query the site makes, written once with
 * Kysely for SQLite and PostgreSQL alike.
 */

type OriginColumns = "id" | "bot_check" | "client_address" | "user_agent" | "created_at";

export type NewLead =
  | { table: "form_submissions"; row: Omit<Insertable<FormSubmissionsTable>, OriginColumns> }
  | { table: "company_profile_leads"; row: Omit<Insertable<CompanyProfileLeadsTable>, OriginColumns> }
  | { table: "service_orders"; row: Omit<Insertable<ServiceOrdersTable>, OriginColumns> };

export interface LeadOrigin {
  botCheck: BotCheck;
  clientAddress: string;
  userAgent: string | null;
  receivedAt: Date;
  /** Which campaign brought it (checked by parseAttribution); null when the post carried none. */
  attribution?: Attribution | null;
}

/** A rendered notification, ready for the outbox. */
export interface Notification {
  kind: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
}

export type OutboxMessage = Selectable<OutboxTable>;

export interface RateLimitRule {
  max: number;
  windowMinutes: number;
}

export interface RateLimitHit {
  allowed: boolean;
  /** Until the window closes; 0 when allowed. */
  retryAfterMs: number;
  /** Attempts counted in this window, this one included. */
  count: number;
}

/** How long rate-limit rows outlive their window before the sweep removes them. */
const RATE_LIMIT_ROW_TTL_MS = 24 * 60 * 60 * 1000;
/** Copies cleared per statement, so the retention sweep never holds the database long. */
const CLEAR_BATCH = 500;

/** The lead and its notification, inside a transaction of the caller's (Store.saveLead, a newsletter signup). */
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
  // The union is narrowed per table; Kysely cannot follow a table name held in a variable.
  const { id: leadId } = await trx
    .insertInto(lead.table as "form_submissions")
    .values({ ...(lead.row as Insertable<FormSubmissionsTable>), ...originColumns })
    .returning("id")
    .executeTakeFirstOrThrow();
  await recordAttribution(trx, lead.table, leadId, origin.attribution);
  const message = notify(leadId);
  const { id: outboxId } = await trx
    .insertInto("outbox")
    .values({
      kind: message.kind,
      lead_table: lead.table satisfies LeadTable,
      lead_id: leadId,
      reply_to: message.replyTo,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html,
      status: "queued",
      attempts: 0,
      next_attempt_at: origin.receivedAt,
      created_at: origin.receivedAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { leadId, outboxId };
}

export class Store {
  readonly #handle: DatabaseHandle;

  constructor(handle: DatabaseHandle) {
    this.#handle = handle;
  }

  get #db() {
    return this.#handle.db;
  }

  /**
   * Writes the lead, its attribution and its notification in one transaction: all
   * are committed or none is, so an acknowledged lead always has its message queued.
   */
  saveLead(
    lead: NewLead,
    origin: LeadOrigin,
    notify: (leadId: number) => Notification,
    /** More to write in the same transaction: the lead's webhook and Slack messages (server/webhooks/queue.ts). */
    alsoQueue?: (trx: Transaction<Database>, leadId: number) => Promise<void>,
  ): Promise<{ leadId: number; outboxId: number }> {
    return this.#handle.durableTransaction(async (trx) => {
      const saved = await insertLead(trx, lead, origin, notify);
      await alsoQueue?.(trx, saved.leadId);
      return saved;
    });
  }

  /**
   * Counts one attempt for this key and subject in a fixed window that the
   * first attempt opens, in one atomic upsert (safe across instances). The
   * subject is what is limited: a visitor's ClientAddress.rateLimitSubject
   * (server/client-address.ts), or an account or a booking.
   */
  async hitRateLimit(key: string, subject: string, rule: RateLimitRule, now = new Date()): Promise<RateLimitHit> {
    const windowMs = rule.windowMinutes * 60_000;
    const expired = new Date(now.getTime() - windowMs);
    const row = await this.#handle.write((db) =>
      db
        .insertInto("rate_limits")
        .values({ form_key: key, client_address: subject, window_start: now, count: 1 })
        .onConflict((oc) =>
          oc.columns(["form_key", "client_address"]).doUpdateSet({
            window_start: sql`case when rate_limits.window_start <= ${expired} then excluded.window_start else rate_limits.window_start end`,
            count: sql`case when rate_limits.window_start <= ${expired} then 1 else rate_limits.count + 1 end`,
          }),
        )
        .returning(["window_start", "count"])
        .executeTakeFirstOrThrow(),
    );
    const { count } = row;
    if (count <= rule.max) return { allowed: true, retryAfterMs: 0, count };
    const closes = new Date(row.window_start).getTime() + windowMs;
    return { allowed: false, retryAfterMs: Math.max(closes - now.getTime(), 0), count };
  }

  /** Forgets the count for this key and subject; answers how many attempts it held. */
  async clearRateLimit(key: string, subject: string): Promise<number> {
    const row = await this.#handle.write((db) =>
      db.deleteFrom("rate_limits").where("form_key", "=", key).where("client_address", "=", subject).returning("count").executeTakeFirst(),
    );
    return row ? Number(row.count) : 0;
  }

  /**
   * Gives back attempts that hitRateLimit counted, for posts that turned out
   * to be ones a visitor makes by bad luck (a slot just taken) or that a
   * success forgives (a typo before the right password). Counting first and
   * giving back later keeps parallel posts from slipping past the limit.
   * Never below zero, so refunds cannot be saved up for later; the window is
   * the one the first attempt opened.
   */
  async refundRateLimit(key: string, subject: string, attempts = 1): Promise<void> {
    if (attempts <= 0) return;
    await this.#handle.write((db) =>
      db
        .updateTable("rate_limits")
        .set({ count: sql`case when count > ${attempts} then count - ${attempts} else 0 end` })
        .where("form_key", "=", key)
        .where("client_address", "=", subject)
        .execute(),
    );
  }

  /** Records a one-time proof (captcha solution, form token); false when it was already used. */
  async spendChallenge(id: string, expiresAt: Date): Promise<boolean> {
    const result = await this.#handle.write((db) =>
      db
        .insertInto("spent_challenges")
        .values({ id, expires_at: expiresAt })
        .onConflict((oc) => oc.column("id").doNothing())
        .executeTakeFirst(),
    );
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** Forgets spent challenges past their expiry and rate-limit windows long closed. */
  async sweep(now = new Date()): Promise<void> {
    await this.#db.deleteFrom("spent_challenges").where("expires_at", "<", now).execute();
    await this.#db
      .deleteFrom("rate_limits")
      .where("window_start", "<", new Date(now.getTime() - RATE_LIMIT_ROW_TTL_MS))
      .execute();
  }

  /**
   * Clears the copy of every message sent by `until`: its bodies,
   * attachments, extra headers and Reply-To, the subject put back to its kind.
   * The row stays, the record that it was delivered. Answers how many.
   */
  async clearSentCopies(until: Date): Promise<number> {
    let cleared = 0;
    for (;;) {
      const result = await this.#handle.write((db) =>
        db
          .updateTable("outbox")
          .set((eb) => ({ subject: eb.ref("kind"), text_body: "", html_body: "", attachments: null, headers: null, reply_to: null }))
          .where("id", "in", (eb) =>
            eb.selectFrom("outbox").select("id").where(keptSentCopy).where("sent_at", "<=", until).orderBy("sent_at").limit(CLEAR_BATCH),
          )
          .executeTakeFirst(),
      );
      const count = Number(result.numUpdatedRows);
      cleared += count;
      if (count < CLEAR_BATCH) return cleared;
    }
  }

  /**
   * Takes up to `limit` due messages for this worker: one UPDATE that leases
   * them, so two workers never hold the same message. On PostgreSQL the rows
   * are picked with FOR UPDATE SKIP LOCKED, so concurrent workers take
   * different messages instead of waiting on each other. A worker that dies
   * mid-send loses its lease after `leaseMs` and another worker retries.
   * A channel's lane (server/outbox/worker.ts) takes only its own messages.
   */
  async claimDueMessages(
    workerId: string,
    limit: number,
    leaseMs: number,
    now = new Date(),
    channel?: OutboxChannel,
  ): Promise<OutboxMessage[]> {
    const postgres = this.#handle.dialect === "postgres";
    return this.#handle.write((db) =>
      db
        .updateTable("outbox")
        .set((eb) => ({
          locked_until: new Date(now.getTime() + leaseMs),
          locked_by: workerId,
          attempts: eb("attempts", "+", 1),
        }))
        .where("id", "in", (eb) =>
          eb
            .selectFrom("outbox")
            .select("id")
            .where(unsentMessage)
            .where("next_attempt_at", "<=", now)
            .$if(channel !== undefined, (qb) => qb.where("channel", "=", channel!))
            .where((w) => w.or([w("locked_until", "is", null), w("locked_until", "<", now)]))
            .orderBy("next_attempt_at")
            .orderBy("id")
            .limit(limit)
            .$if(postgres, (qb) => qb.forUpdate().skipLocked()),
        )
        .returningAll()
        .execute(),
    );
  }

  async markSent(id: number, workerId: string, now = new Date()): Promise<void> {
    await this.#handle.write((db) =>
      db
        .updateTable("outbox")
        .set({ status: "sent", sent_at: now, last_error: null, locked_until: null, locked_by: null })
        .where("id", "=", id)
        .where("locked_by", "=", workerId)
        .execute(),
    );
  }

  /** Records a failed attempt: retried at `retryAt`, or kept as `failed` when there is none. */
  async markAttemptFailed(id: number, workerId: string, error: string, retryAt: Date | null): Promise<void> {
    await this.#handle.write((db) =>
      db
        .updateTable("outbox")
        .set({
          status: retryAt ? "retrying" : "failed",
          ...(retryAt ? { next_attempt_at: retryAt } : {}),
          last_error: error.slice(0, 2000),
          locked_until: null,
          locked_by: null,
        })
        .where("id", "=", id)
        .where("locked_by", "=", workerId)
        .execute(),
    );
  }
}
