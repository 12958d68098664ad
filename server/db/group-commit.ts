import type { Kysely, Transaction } from "kysely";
import type { Database } from "#server/db/schema.ts";

type Work<T> = (trx: Transaction<Database>) => Promise<T>;

interface Pending {
  work: Work<unknown>;
  /** Answered only once the commit is on disk. */
  durable: boolean;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** Enough to spread one commit over a burst; small enough that no write waits long behind others. */
const MAX_BATCH = 64;

/** SQLite's writes, grouped: what DatabaseHandle.durableTransaction and .write are on SQLite. */
export interface GroupCommit {
  durable<T>(work: Work<T>): Promise<T>;
  write<T>(work: Work<T>): Promise<T>;
}

/**
 * Group commit for SQLite. node:sqlite is synchronous, so every statement and
 * commit holds the whole process: writes arriving together (leads, rate-limit
 * counts, spent challenges, the outbox's bookkeeping) are run in one
 * transaction, each inside its own savepoint so one that fails is rolled back
 * alone, and committed once. The commit does not wait for the disk
 * (synchronous=NORMAL, sqlite.ts); a durable write is answered only after
 * `syncToDisk` (an fdatasync of the WAL, off the main thread) has finished, having
 * started after its commit: what synchronous=FULL would have done, without
 * stopping the process while the disk works (docs/decisions/0020).
 */
export function groupCommit(db: Kysely<Database>, syncToDisk: () => Promise<void>): GroupCommit {
  const queue: Pending[] = [];
  let scheduled = false;

  async function flush(): Promise<void> {
    await db.connection().execute(async (conn) => {
      // Taken once the connection is ours: writes that arrived while we waited join this batch.
      const batch = queue.splice(0, MAX_BATCH);
      scheduled = false;
      if (queue.length) schedule();
      if (!batch.length) return;
      const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
      try {
        const trx = await conn.startTransaction().execute();
        try {
          for (const [i, item] of batch.entries()) {
            const name = `write_${i}`;
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
      }
      const waiting: Array<[Pending, unknown]> = [];
      batch.forEach((item, i) => {
        const outcome = outcomes[i]!;
        if (!outcome.ok) item.reject(outcome.error);
        else if (item.durable) waiting.push([item, outcome.value]);
        else item.resolve(outcome.value);
      });
      if (!waiting.length) return;
      // Not awaited: the next batch is written while the disk works on this one.
      syncToDisk().then(
        () => waiting.forEach(([item, value]) => item.resolve(value)),
        (error: unknown) => waiting.forEach(([item]) => item.reject(error)),
      );
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

  const enqueue =
    (durable: boolean) =>
    <T>(work: Work<T>) =>
      new Promise<T>((resolve, reject) => {
        queue.push({ work, durable, resolve: resolve as (value: unknown) => void, reject });
        schedule();
      });
  return { durable: enqueue(true), write: enqueue(false) };
}

/**
 * Shares one sync among the writes that ask while it runs: each caller is
 * answered by a sync that started after it asked (one already under way may
 * have begun before its commit), so at most one runs and one waits.
 */
export function sharedSync(sync: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const start = (): Promise<void> => {
    const current = sync().finally(() => {
      if (running === current) running = undefined;
    });
    running = current;
    return current;
  };
  return () => {
    if (!running) return start();
    next ??= running
      .catch(() => {})
      .then(() => {
        next = undefined;
        return start();
      });
    return next;
  };
}
