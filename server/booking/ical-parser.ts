import { Worker } from "node:worker_threads";
import type { BusyInterval } from "#server/booking/availability.ts";
import { busyOfTexts, CalendarDataError } from "#server/booking/ical-busy.ts";
import type { ParseAnswer, ParseJob } from "#server/booking/ical-thread.ts";

/** Turns a calendar's texts into its busy stretches in [from, to), this site's own calls left out. */
export type ParseBusy = (texts: string[], from: Date, to: Date) => Promise<BusyInterval[]>;

/**
 * The heap the reading thread may use: a 10 MB feed (CALENDAR_MAX_BYTES) parses in about 150 MB.
 * A calendar that needs more ends the thread, not the server; its read fails and the next starts a new thread.
 */
const THREAD_HEAP_MB = 512;
const TOO_LARGE = `the calendar is too large to read (more than ${THREAD_HEAP_MB} MB to expand): read fewer of the account's calendars`;
const THREAD_STOPPED = "the calendar could not be read (its reading thread stopped): it is read again at the next refresh";

/**
 * Parses on a thread of its own (server/booking/ical-thread.ts): a year of a busy consultant's
 * events takes 30-60 ms to expand, a 10 MB feed hundreds, and on the thread that answers requests
 * every visitor would wait that long. One job at a time, in the order asked; the thread keeps no
 * process alive while idle.
 */
export function parseOnThread(threadModule: URL, host: string): ParseBusy {
  let thread: Worker | undefined;
  const jobs = new Map<number, { resolve(busy: BusyInterval[]): void; reject(error: Error): void }>();
  let nextId = 0;

  function ended(worker: Worker, error: Error) {
    // A thread already replaced has no jobs of its own left.
    if (thread !== worker) return;
    thread = undefined;
    for (const job of jobs.values()) job.reject(error);
    jobs.clear();
  }

  function readingThread(): Worker {
    if (thread) return thread;
    const worker = new Worker(threadModule, { name: "calendar reading", resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB } });
    worker.on("message", (answer: ParseAnswer) => {
      const job = jobs.get(answer.id);
      jobs.delete(answer.id);
      if (jobs.size === 0) worker.unref();
      if ("busy" in answer) job?.resolve(answer.busy);
      else
        job?.reject(
          answer.error.name === "CalendarDataError" ? new CalendarDataError(answer.error.message) : new Error(answer.error.message),
        );
    });
    worker.on("error", (error) => ended(worker, new CalendarDataError(/memory/i.test(error.message) ? TOO_LARGE : THREAD_STOPPED)));
    worker.on("exit", () => ended(worker, new CalendarDataError(THREAD_STOPPED)));
    thread = worker;
    return worker;
  }

  return (texts, from, to) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      jobs.set(id, { resolve, reject });
      const worker = readingThread();
      worker.ref();
      worker.postMessage({ id, texts, from: from.getTime(), to: to.getTime(), host } satisfies ParseJob);
    });
}

/** Parses on the calling thread: for the development server, whose sources Vite serves, and scripts. */
export function parseInline(host: string): ParseBusy {
  return async (texts, from, to) => busyOfTexts(texts, from, to, host);
}
