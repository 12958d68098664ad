import { type ChildProcess, fork } from "node:child_process";
import { setPriority } from "node:os";
import { fileURLToPath } from "node:url";
import type { HeavyAnswer, HeavyInput, HeavyJob, HeavyKind, HeavyOutput } from "#server/heavy-work/process.ts";
import { log } from "#server/log.ts";

// Image decoding and social cards off the server's threads and libuv pool (docs/decisions/0044).

export interface HeavyWorkSettings {
  module: URL;
  threads: number;
  /** 19 gives every request of the server's the CPU first. */
  nice: number;
  queueLimit: number;
  timeoutMs: number;
}

export type HeavyWorkProblem = "busy" | "timeout" | "crashed" | "stopped";

export class HeavyWorkRefused extends Error {
  override name = "HeavyWorkRefused";
  readonly problem: HeavyWorkProblem;

  constructor(problem: HeavyWorkProblem, message: string) {
    super(message);
    this.problem = problem;
  }
}

/** A burst of uploads needs no new start for each. */
const IDLE_MS = 5 * 60_000;

interface Waiting {
  kind: HeavyKind;
  input: unknown;
  resolve(output: unknown): void;
  reject(error: Error): void;
}

interface Running {
  id: number;
  job: Waiting;
  child: ChildProcess;
  timer: NodeJS.Timeout;
}

export class HeavyWork {
  readonly #settings: HeavyWorkSettings;
  readonly #queue: Waiting[] = [];
  #child: { process: ChildProcess; ready: boolean } | undefined;
  #running: Running | undefined;
  #idleTimer: NodeJS.Timeout | undefined;
  #nextId = 0;
  #stopped = false;

  constructor(settings: HeavyWorkSettings) {
    this.#settings = settings;
  }

  run<K extends HeavyKind>(kind: K, input: HeavyInput<K>, { refusable = false } = {}): Promise<HeavyOutput<K>> {
    if (this.#stopped) return Promise.reject(new HeavyWorkRefused("stopped", "the server is stopping"));
    if (refusable && this.#queue.length >= this.#settings.queueLimit) {
      return Promise.reject(new HeavyWorkRefused("busy", `${this.#queue.length} jobs wait already`));
    }
    return new Promise((resolve, reject) => {
      this.#queue.push({ kind, input, resolve: resolve as (output: unknown) => void, reject });
      this.#next();
    });
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    for (const job of this.#queue.splice(0)) job.reject(new HeavyWorkRefused("stopped", "the server is stopping"));
    const running = this.#running;
    if (running) this.#finish(running, new HeavyWorkRefused("stopped", "the server is stopping"));
    await this.#end();
  }

  #next(): void {
    if (this.#running || this.#stopped) return;
    if (!this.#queue.length) return this.#idle();
    const child = this.#child ?? this.#start();
    if (!child.ready) return;
    const job = this.#queue.shift()!;
    const id = this.#nextId++;
    const timer = setTimeout(() => this.#timedOut(id), this.#settings.timeoutMs);
    this.#running = { id, job, child: child.process, timer };
    clearTimeout(this.#idleTimer);
    child.process.ref();
    child.process.channel?.ref();
    child.process.send({ id, kind: job.kind, input: job.input } as HeavyJob);
  }

  #start(): { process: ChildProcess; ready: boolean } {
    const { module, threads, nice } = this.#settings;
    const child = fork(fileURLToPath(module), [String(nice)], {
      // None of the server's secrets.
      env: { UV_THREADPOOL_SIZE: String(threads) },
      execArgv: [],
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    // At once, so loading sharp and satori already lets the server go first.
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, nice);
      } catch {
        // Gone already, or not Linux: its own renice, or its exit, follows.
      }
    }
    const started = { process: child, ready: false };
    this.#child = started;
    child.on("message", (answer: HeavyAnswer) => {
      if ("ready" in answer) {
        started.ready = true;
        log.info(`Heavy work: process ${child.pid} started (${threads} threads, nice ${nice})`);
        return this.#next();
      }
      const running = this.#running;
      if (!running || running.id !== answer.id) return;
      this.#finish(running, "error" in answer ? new Error(answer.error) : undefined, "output" in answer ? answer.output : undefined);
    });
    const ended = (how: string) => {
      if (this.#child?.process !== child) return;
      this.#child = undefined;
      const running = this.#running;
      const refusal = new HeavyWorkRefused("crashed", `the heavy-work process ${how}`);
      if (running?.child === child) {
        log.error(`Heavy work: process ${child.pid} ${how} during a job (${running.job.kind}); the next job starts another`);
        this.#finish(running, refusal);
      } else if (!started.ready) {
        // A process that cannot start is not started again and again.
        log.error(`Heavy work: the process ${how} before it was ready`);
        this.#queue.shift()?.reject(refusal);
        this.#next();
      } else this.#next();
    };
    child.on("exit", (code, signal) => ended(signal ? `was ended by ${signal}` : `exited with code ${code}`));
    child.on("error", (error) => ended(`failed: ${error.message}`));
    return started;
  }

  #finish(running: Running, error: Error | undefined, output?: unknown): void {
    clearTimeout(running.timer);
    if (this.#running === running) this.#running = undefined;
    if (error) running.job.reject(error);
    else running.job.resolve(output);
    this.#next();
  }

  /** It may be stuck in a decoder. */
  #timedOut(id: number): void {
    const running = this.#running;
    if (!running || running.id !== id) return;
    log.error(`Heavy work: a job (${running.job.kind}) took over ${this.#settings.timeoutMs} ms; process ${running.child.pid} ended`);
    if (this.#child?.process === running.child) this.#child = undefined;
    running.child.kill("SIGKILL");
    this.#finish(running, new HeavyWorkRefused("timeout", `over ${this.#settings.timeoutMs} ms`));
  }

  #idle(): void {
    const child = this.#child?.process;
    if (!child) return;
    child.unref();
    child.channel?.unref();
    clearTimeout(this.#idleTimer);
    this.#idleTimer = setTimeout(() => void this.#end(), IDLE_MS).unref();
  }

  async #end(): Promise<void> {
    clearTimeout(this.#idleTimer);
    const child = this.#child?.process;
    this.#child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    // An idle process no longer keeps this one alive: it must, until its end is seen.
    child.ref();
    child.kill("SIGKILL");
    await exited;
  }
}
