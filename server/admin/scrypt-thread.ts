import type { ScryptOptions } from "node:crypto";
import { Worker } from "node:worker_threads";
import { env } from "#server/env.ts";

/**
 * The thread that hashes passwords, one at a time (docs/decisions/0027).
 * node:crypto's async scrypt runs on libuv's pool of four threads, which a
 * lead's WAL sync and its mail file wait on too: a crowd of sign-ins held a
 * lead post for seconds. Here scryptSync runs on a worker thread of its own,
 * in the order asked. On Linux the thread also takes the lowest CPU priority
 * (nice 19, ADMIN_PASSWORD_THREAD_NICE), so on a busy machine a hash waits for the request thread, never
 * the other way round: at equal priority, a crowd of sign-ins on a loaded
 * machine still slowed every lead post. A script rather than a module
 * file, because the server runs from one bundle (decision 0001).
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
    // Idle, the thread keeps no process alive (the server's shutdown, the admin CLI's end).
    if (jobs.size === 0) worker.unref();
    if (answer.error !== undefined) job?.reject(new Error(answer.error));
    else job?.resolve(Buffer.from(answer.key.buffer, answer.key.byteOffset, answer.key.byteLength));
  });
  // Should the thread die, what it held fails and the next hash starts a new one.
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

/** scrypt on the hashing thread, after the hashes asked for before it. */
export function scryptOnThread(password: string, salt: Buffer, length: number, options: ScryptOptions): Promise<Buffer> {
  const worker = hashingThread();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    jobs.set(id, { resolve, reject });
    // A hash being made keeps the process alive until it is answered.
    worker.ref();
    worker.postMessage({ id, password, salt, length, options });
  });
}
