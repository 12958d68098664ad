import type { DatabaseSync } from "node:sqlite";
import { setTimeout as delay } from "node:timers/promises";
import { Worker } from "node:worker_threads";
import { log } from "#server/log.ts";

const CHECKPOINT_INTERVAL_MS = 500;
const AUTOCHECKPOINT_PAGES = 1000;
/** The main connection's backstop: with the worker alone the WAL grew without end under steady writes (decision 0020). */
const BACKSTOP_PAGES = 4000;

/** A TRUNCATE checkpoint gives up after this and is retried, so a long reader (a backup) never stops the site's writes. */
const TRUNCATE_WAIT_MS = 100;
const TRUNCATE_RETRY_MS = 250;
const TRUNCATE_DEADLINE_MS = 60_000;

/** A script rather than a module file, because the server runs from one bundle (decision 0001). */
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
  busy: boolean;
  pagesInWal: number;
  pagesCopied: number;
}

export interface WalCheckpoints {
  /** Leaves no earlier image of a page in the WAL after a deletion. */
  truncate(): Promise<void>;
  close(): Promise<void>;
}

/** Checkpoints on a worker thread: SQLite's own one holds the process inside a commit (docs/decisions/0020). */
export function walCheckpoints(file: string, main: DatabaseSync, busyTimeoutMs: number): WalCheckpoints {
  const worker = new Worker(WORKER_SCRIPT, { eval: true, workerData: { file, busyTimeoutMs, truncateWaitMs: TRUNCATE_WAIT_MS } });
  worker.unref();
  main.exec(`PRAGMA wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  main.exec(`PRAGMA journal_size_limit = ${BACKSTOP_PAGES * 4096}`);
  let gone: Error | undefined;
  let closing = false;
  // One request at a time: a truncate never runs beside a periodic checkpoint.
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
      // Held open until the worker has closed, or a script awaiting this ends with the promise unsettled.
      worker.ref();
      worker.postMessage("close");
      await exited;
    },
  };
}
