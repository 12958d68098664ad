import type { Insertable, Kysely, Selectable } from "kysely";
import type { DatabaseHandle } from "#server/db/connect.ts";
import type { Database, OutboxChannel, OutboxTable } from "#server/db/schema.ts";
import { keptSentCopy, unsentMessage } from "#server/outbox/migration.ts";

export type OutboxMessage = Selectable<OutboxTable>;

// Set by enqueue and the worker, never by the feature that writes the message.
type OutboxState =
  "id" | "status" | "attempts" | "next_attempt_at" | "created_at" | "locked_until" | "locked_by" | "last_error" | "sent_at";

export type NewMessage = Omit<Insertable<OutboxTable>, OutboxState> & { dueAt?: Date };

/** Queued in the caller's transaction, so the message and what it announces are written together or not at all. */
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

// Per statement, so the retention sweep never holds the database long.
const CLEAR_BATCH = 500;

export class OutboxStore {
  readonly #handle: DatabaseHandle;

  constructor(handle: DatabaseHandle) {
    this.#handle = handle;
  }

  /** The row stays, as the record that the message was delivered. */
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

  /** One leasing UPDATE, so two workers never hold one message; a worker that dies loses its lease after `leaseMs`. */
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

  /**
   * A fresh lease as the message's send starts, so the messages a batch holds never wait out their lease.
   * False when another worker took it meanwhile: this one must not send it.
   */
  async renewLease(id: number, workerId: string, leaseMs: number, now = new Date()): Promise<boolean> {
    const result = await this.#handle.write((db) =>
      db
        .updateTable("outbox")
        .set({ locked_until: new Date(now.getTime() + leaseMs) })
        .where("id", "=", id)
        .where("locked_by", "=", workerId)
        .where(unsentMessage)
        .executeTakeFirst(),
    );
    return Number(result.numUpdatedRows) === 1;
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

  /** For a message that no longer applies (a reminder of a call moved since). */
  async discard(message: OutboxMessage): Promise<void> {
    await this.#handle.write((db) =>
      db.deleteFrom("outbox").where("id", "=", message.id).where("locked_by", "=", message.locked_by).execute(),
    );
  }

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
