import type { Kysely, Transaction } from "kysely";
import type { Database } from "#server/db/schema.ts";

type Work<T> = (trx: Transaction<Database>) => Promise<T>;

interface Pending {
  work: Work<unknown>;
  durable: boolean;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

const MAX_BATCH = 64;

export interface GroupCommit {
  durable<T>(work: Work<T>): Promise<T>;
  write<T>(work: Work<T>): Promise<T>;
}

/** node:sqlite holds the process for every commit: writes arriving together share one (docs/decisions/0020). */
export function groupCommit(db: Kysely<Database>, syncToDisk: () => Promise<void>): GroupCommit {
  const queue: Pending[] = [];
  let scheduled = false;

  async function flush(): Promise<void> {
    await db.connection().execute(async (conn) => {
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

/** Each caller is answered by a sync that started after it asked: at most one runs and one waits. */
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
