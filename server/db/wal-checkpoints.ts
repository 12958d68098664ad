import type { DatabaseSync } from "node:sqlite";
import { Worker } from "node:worker_threads";
import { log } from "../log.ts";

/** How often the worker copies the WAL's new pages into the database: the WAL holds at most about this much of the writes. */
const CHECKPOINT_INTERVAL_MS = 500;
/** SQLite's own default, put back if the worker is lost. */
const AUTOCHECKPOINT_PAGES = 1000;
/**
 * The main connection's own checkpoint, a backstop. The worker's checkpoint copies what the WAL held
 * when it began, and under steady writes more has come by the time it ends; SQLite starts the WAL
 * over only once a checkpoint has copied all of it, so with the worker alone the WAL grew without end
 * (42 MB in a minute of 100 leads a second). Past this many pages the main connection checkpoints
 * after a commit: it copies the little the worker has not (at most one interval's writes) and syncs,
 * the WAL is then all copied, and the next write starts it over.
 */
const BACKSTOP_PAGES = 4000;

/**
 * The worker: its own connection to the file, and a PASSIVE checkpoint on each
 * request (it copies what the WAL holds into the database and syncs it, without
 * taking the write lock, so the main thread's writes go on meanwhile). A script
 * rather than a module file, because the server runs from one bundle (decision 0001).
 */
const WORKER_SCRIPT = `
const { parentPort, workerData } = require("node:worker_threads");
const { DatabaseSync } = require("node:sqlite");
const db = new DatabaseSync(workerData.file, { timeout: workerData.busyTimeoutMs });
const checkpoint = db.prepare("PRAGMA wal_checkpoint(PASSIVE)");
parentPort.on("message", (message) => {
  if (message === "close") {
    db.close();
    parentPort.close();
    return;
  }
  const result = checkpoint.get();
  parentPort.postMessage({ pagesInWal: result.log, pagesCopied: result.checkpointed });
});
`;

export interface WalCheckpoints {
  close(): Promise<void>;
}

/**
 * WAL checkpoints off the main thread (docs/decisions/0020). SQLite runs a
 * checkpoint inside the commit that takes the WAL past 1,000 pages: it copies
 * the WAL into the database and syncs it, 5-13 ms in which node:sqlite holds the
 * whole process, so every request then in flight waits (a lead's p99). Here a
 * worker thread with a connection of its own checkpoints every
 * CHECKPOINT_INTERVAL_MS (next to nothing when there is nothing new), and the
 * main connection only past BACKSTOP_PAGES, when little is left to copy.
 * Should the worker fail, the main connection checkpoints as SQLite does by
 * default again.
 */
export function walCheckpoints(file: string, main: DatabaseSync, busyTimeoutMs: number): WalCheckpoints {
  const worker = new Worker(WORKER_SCRIPT, { eval: true, workerData: { file, busyTimeoutMs } });
  worker.unref();
  main.exec(`PRAGMA wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  // A WAL a burst has grown is cut back to this size when it starts over.
  main.exec(`PRAGMA journal_size_limit = ${BACKSTOP_PAGES * 4096}`);
  let busy = false;
  let closing = false;
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    worker.postMessage("checkpoint");
  }, CHECKPOINT_INTERVAL_MS);
  timer.unref();
  worker.on("message", () => (busy = false));
  const lost = (why: string) => {
    clearInterval(timer);
    if (closing) return;
    log.error(`The WAL checkpoint worker stopped (${why}): the database checkpoints on the main thread again.`);
    main.exec(`PRAGMA wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  };
  worker.on("error", (error) => lost(error.message));
  worker.on("exit", (code) => lost(`exit code ${code}`));
  return {
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
