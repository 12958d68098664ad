import type { Insertable, Kysely, Selectable } from "kysely";
import type { DatabaseHandle } from "#server/db/connect.ts";
import type { Database, OutboxChannel, OutboxTable } from "#server/db/schema.ts";
import { keptSentCopy, unsentMessage } from "#server/outbox/migration.ts";

export type OutboxMessage = Selectable<OutboxTable>;

/** The state the outbox keeps of a message: set by enqueue and the worker, never by the feature that writes it. */
type OutboxState =
  "id" | "status" | "attempts" | "next_attempt_at" | "created_at" | "locked_until" | "locked_by" | "last_error" | "sent_at";

/** A message as a feature writes it: what it is about, to whom, what it says; first due at `dueAt`, or when queued. */
export type NewMessage = Omit<Insertable<OutboxTable>, OutboxState> & { dueAt?: Date };

/**
 * The one way a message enters the outbox: queued in the caller's transaction
 * (with what it announces, so both are written or neither), no attempt made,
 * due at its `dueAt` or at `now`. Answers the messages' ids, in order.
 */
export async function enqueue(trx: Kysely<Database>, messages: NewMessage | readonly NewMessage[], now = new Date()): Promise<number[]> {
  const list: readonly NewMessage[] = Array.isArray(messages) ? messages : [messages as NewMessage];
  if (list.length === 0) return [];
  const rows = list.map(({ dueAt, ...message }) => ({
    ...message,
    status: "queued" as const,
    attempts: 0,
    next_attempt_at: dueAt ?? now,
    created_at: now,
  }));
  const queued = await trx.insertInto("outbox").values(rows).returning("id").execute();
  return queued.map((row) => row.id);
}

/** Copies cleared per statement, so the retention sweep never holds the database long. */
const CLEAR_BATCH = 500;

/** The outbox's queue: messages leased to a worker, marked sent or failed, their copies cleared after a while. */
export class OutboxStore {
  readonly #handle: DatabaseHandle;

  constructor(handle: DatabaseHandle) {
    this.#handle = handle;
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

  /** Removes a message its worker holds that no longer applies (a reminder of a call moved since): it is not sent, now or later. */
  async discard(message: OutboxMessage): Promise<void> {
    await this.#handle.write((db) =>
      db.deleteFrom("outbox").where("id", "=", message.id).where("locked_by", "=", message.locked_by).execute(),
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
