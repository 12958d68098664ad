import type { DatabaseSync } from "node:sqlite";
import { setTimeout as delay } from "node:timers/promises";
import { Worker } from "node:worker_threads";
import { log } from "#server/log.ts";

/** How often the worker copies the WAL's new pages into the database: the WAL holds at most about this much of the writes. */
const CHECKPOINT_INTERVAL_MS = 500;
/** SQLite's own default, put back if the worker is lost. */
const AUTOCHECKPOINT_PAGES = 1000;
/**
 * The main connection's own checkpoint, a backstop. The worker's checkpoint copies what the WAL held
 * when it began, and under steady writes more has come by the time it ends; SQLite starts the WAL
 * over only once a checkpoint has copied all of it, so with the worker alone the WAL grew without end
 * (decision 0020). Past this many pages the main connection checkpoints
 * after a commit: it copies the little the worker has not (at most one interval's writes) and syncs,
 * the WAL is then all copied, and the next write starts it over.
 */
const BACKSTOP_PAGES = 4000;

/**
 * A TRUNCATE checkpoint waits this long for readers on a snapshot older than
 * the WAL's end, holding back the site's writes meanwhile; then it gives up
 * and is tried again, so a long reader (a backup) never stops the site.
 */
const TRUNCATE_WAIT_MS = 100;
const TRUNCATE_RETRY_MS = 250;
/** How long truncate() goes on trying before it says the WAL could not be emptied. */
const TRUNCATE_DEADLINE_MS = 60_000;

/**
 * The worker: its own connection to the file, and a checkpoint on each
 * request. PASSIVE (the periodic one) copies what the WAL holds into the
 * database and syncs it without taking the write lock, so the main thread's
 * writes go on meanwhile; TRUNCATE copies all of it and empties the file, or
 * answers busy. A script rather than a module file, because the server runs
 * from one bundle (decision 0001).
 */
const WORKER_SCRIPT = `
const { parentPort, workerData } = require("node:worker_threads");
const { DatabaseSync } = require("node:sqlite");
const db = new DatabaseSync(workerData.file, { timeout: workerData.busyTimeoutMs });
const checkpoints = {
  PASSIVE: db.prepare("PRAGMA wal_checkpoint(PASSIVE)"),
  TRUNCATE: db.prepare("PRAGMA wal_checkpoint(TRUNCATE)"),
};
parentPort.on("message", (message) => {
  if (message === "close") {
    db.close();
    parentPort.close();
    return;
  }
  if (message === "TRUNCATE") db.exec("PRAGMA busy_timeout = " + workerData.truncateWaitMs);
  try {
    const result = checkpoints[message].get();
    parentPort.postMessage({ busy: result.busy === 1, pagesInWal: result.log, pagesCopied: result.checkpointed });
  } finally {
    if (message === "TRUNCATE") db.exec("PRAGMA busy_timeout = " + workerData.busyTimeoutMs);
  }
});
`;

type Mode = "PASSIVE" | "TRUNCATE";

interface CheckpointResult {
  /** Readers or a writer kept it from copying everything (TRUNCATE: the WAL is not emptied). */
  busy: boolean;
  pagesInWal: number;
  pagesCopied: number;
}

export interface WalCheckpoints {
  /**
   * Copies the whole WAL into the database and empties the file, once the
   * readers let it: after a deletion, no earlier image of a page is left in it.
   */
  truncate(): Promise<void>;
  close(): Promise<void>;
}

/**
 * WAL checkpoints off the main thread (docs/decisions/0020). SQLite runs a
 * checkpoint inside the commit that takes the WAL past 1,000 pages: it copies
 * the WAL into the database and syncs it, milliseconds in which node:sqlite holds the
 * whole process, so every request then in flight waits (a lead's p99). Here a
 * worker thread with a connection of its own checkpoints every
 * CHECKPOINT_INTERVAL_MS (next to nothing when there is nothing new), and the
 * main connection only past BACKSTOP_PAGES, when little is left to copy.
 * Should the worker fail, the main connection checkpoints as SQLite does by
 * default again.
 */
export function walCheckpoints(file: string, main: DatabaseSync, busyTimeoutMs: number): WalCheckpoints {
  const worker = new Worker(WORKER_SCRIPT, { eval: true, workerData: { file, busyTimeoutMs, truncateWaitMs: TRUNCATE_WAIT_MS } });
  worker.unref();
  main.exec(`PRAGMA wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  // A WAL a burst has grown is cut back to this size when it starts over.
  main.exec(`PRAGMA journal_size_limit = ${BACKSTOP_PAGES * 4096}`);
  let gone: Error | undefined;
  let closing = false;
  // The worker answers its requests in order, one at a time: a truncate never runs beside a periodic checkpoint.
  const waiting: Array<{ resolve(result: CheckpointResult): void; reject(error: Error): void }> = [];
  const request = (mode: Mode) =>
    new Promise<CheckpointResult>((resolve, reject) => {
      if (gone) return reject(gone);
      waiting.push({ resolve, reject });
      worker.postMessage(mode);
    });
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  const timer = setInterval(() => {
    if (waiting.length === 0) request("PASSIVE").catch(() => {});
  }, CHECKPOINT_INTERVAL_MS);
  timer.unref();
  worker.on("message", (result: CheckpointResult) => waiting.shift()?.resolve(result));
  const lost = (why: string) => {
    if (gone) return;
    clearInterval(timer);
    gone = new Error(`the WAL checkpoint worker stopped (${why})`);
    for (const request of waiting.splice(0)) request.reject(gone);
    if (closing) return;
    log.error(`The WAL checkpoint worker stopped (${why}): the database checkpoints on the main thread again.`);
    main.exec(`PRAGMA wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  };
  worker.on("error", (error) => lost(error.message));
  worker.on("exit", (code) => lost(`exit code ${code}`));
  const truncateOnce = async (): Promise<boolean> => {
    try {
      if (!gone) return !(await request("TRUNCATE")).busy;
    } catch (error) {
      if (closing) throw error;
    }
    // Without the worker, on the main thread: it may wait there for the readers, as SQLite's own checkpoints then do.
    const result = main.prepare("PRAGMA wal_checkpoint(TRUNCATE)").get() as { busy: number };
    return result.busy === 0;
  };
  return {
    async truncate() {
      const deadline = Date.now() + TRUNCATE_DEADLINE_MS;
      while (!(await truncateOnce())) {
        if (Date.now() > deadline) throw new Error(`The WAL of ${file} could not be emptied: a reader held it for over a minute.`);
        await delay(TRUNCATE_RETRY_MS);
      }
    },
    async close() {
      closing = true;
      clearInterval(timer);
      // Held open until the worker has closed its connection: a script that awaits this and then
      // ends (scripts/admin.ts) would otherwise end with the promise unsettled.
      worker.ref();
      worker.postMessage("close");
      await exited;
    },
  };
}
