import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "./schema.ts";

type Work<T> = (trx: Transaction<Database>) => Promise<T>;

interface Pending {
  work: Work<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** Enough to spread one fsync over a burst; small enough that no lead waits long behind others. */
const MAX_BATCH = 64;

/**
 * Durable transactions for SQLite with group commit. An fsync blocks the
 * whole process (node:sqlite is synchronous), so leads arriving together are
 * written in one transaction committed with synchronous=FULL: one fsync for
 * the burst. Each lead runs inside its own savepoint, so one that fails is
 * rolled back alone; none is acknowledged before the shared commit is on disk.
 */
export function groupCommit(db: Kysely<Database>): <T>(work: Work<T>) => Promise<T> {
  const queue: Pending[] = [];
  let scheduled = false;

  async function flush(): Promise<void> {
    await db.connection().execute(async (conn) => {
      // Taken once the connection is ours: leads that arrived while we waited join this batch.
      const batch = queue.splice(0, MAX_BATCH);
      scheduled = false;
      if (queue.length) schedule();
      if (!batch.length) return;
      const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
      // The safety level can only change outside a transaction.
      await sql`pragma synchronous = full`.execute(conn);
      try {
        const trx = await conn.startTransaction().execute();
        try {
          for (const [i, item] of batch.entries()) {
            const name = `lead_${i}`;
            const point = await trx.savepoint(name).execute();
            try {
              outcomes.push({ ok: true, value: await item.work(point) });
              await point.releaseSavepoint(name).execute();
            } catch (error) {
              await point.rollbackToSavepoint(name).execute();
              outcomes.push({ ok: false, error });
            }
          }
          await trx.commit().execute();
        } catch (error) {
          await trx
            .rollback()
            .execute()
            .catch(() => {});
          throw error;
        }
      } catch (error) {
        for (const item of batch) item.reject(error);
        return;
      } finally {
        await sql`pragma synchronous = normal`.execute(conn);
      }
      batch.forEach((item, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) item.resolve(outcome.value);
        else item.reject(outcome.error);
      });
    });
  }

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      flush().catch((error) => {
        // Only reached if the connection itself failed before the batch was taken.
        for (const item of queue.splice(0)) item.reject(error);
      });
    });
  }

  return <T>(work: Work<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      schedule();
    });
}
