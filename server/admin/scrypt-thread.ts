import type { ScryptOptions } from "node:crypto";
import { Worker } from "node:worker_threads";
import { env } from "#server/env.ts";

/**
 * libuv's pool is shared with the lead's WAL sync, so hashes run on a low-priority thread of their own
 * (docs/decisions/0027); a script, as the server runs from one bundle (decision 0001).
 */
const WORKER_SCRIPT = `
const { parentPort, workerData } = require("node:worker_threads");
const { scryptSync } = require("node:crypto");
try {
  // Linux gives each thread an id of its own, and setpriority() on it sets that thread's niceness alone.
  const threadId = Number(require("node:fs").readlinkSync("/proc/thread-self").split("/").pop());
  require("node:os").setPriority(threadId, workerData.nice);
} catch {
  // Elsewhere the thread hashes at the process's priority.
}
parentPort.on("message", ({ id, password, salt, length, options }) => {
  try {
    parentPort.postMessage({ id, key: scryptSync(password, salt, length, options) });
  } catch (error) {
    parentPort.postMessage({ id, error: error.message });
  }
});
`;

interface Job {
  resolve(key: Buffer): void;
  reject(error: Error): void;
}

type Answer = { id: number; key: Uint8Array; error?: undefined } | { id: number; error: string };

let thread: Worker | undefined;
const jobs = new Map<number, Job>();
let nextId = 0;

function hashingThread(): Worker {
  if (thread) return thread;
  const worker = new Worker(WORKER_SCRIPT, {
    eval: true,
    name: "password hashing",
    workerData: { nice: env().ADMIN_PASSWORD_THREAD_NICE },
  });
  worker.on("message", (answer: Answer) => {
    const job = jobs.get(answer.id);
    jobs.delete(answer.id);
    // Idle, the thread keeps no process alive.
    if (jobs.size === 0) worker.unref();
    if (answer.error !== undefined) job?.reject(new Error(answer.error));
    else job?.resolve(Buffer.from(answer.key.buffer, answer.key.byteOffset, answer.key.byteLength));
  });
  const lost = (error: Error) => {
    if (thread === worker) thread = undefined;
    for (const job of jobs.values()) job.reject(error);
    jobs.clear();
  };
  worker.on("error", lost);
  worker.on("exit", (code) => lost(new Error(`the password hashing thread exited with code ${code}`)));
  thread = worker;
  return worker;
}

export function scryptOnThread(password: string, salt: Buffer, length: number, options: ScryptOptions): Promise<Buffer> {
  const worker = hashingThread();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    jobs.set(id, { resolve, reject });
    worker.ref();
    worker.postMessage({ id, password, salt, length, options });
  });
}
