import { Worker } from "node:worker_threads";
import type { BusyInterval } from "#server/booking/availability.ts";
import { busyOfTexts, CalendarDataError } from "#server/booking/ical-busy.ts";
import type { ParseAnswer, ParseJob } from "#server/booking/ical-thread.ts";

export type ParseBusy = (texts: string[], from: Date, to: Date) => Promise<BusyInterval[]>;

// A 10 MB feed (CALENDAR_MAX_BYTES) parses in about 150 MB; more ends the thread, not the server.
const THREAD_HEAP_MB = 512;
const TOO_LARGE = `the calendar is too large to read (more than ${THREAD_HEAP_MB} MB to expand): read fewer of the account's calendars`;
const THREAD_STOPPED = "the calendar could not be read (its reading thread stopped): it is read again at the next refresh";

/** Expanding a busy year takes 30-60 ms, a 10 MB feed hundreds: too long for the thread that answers requests. */
export function parseOnThread(threadModule: URL, host: string): ParseBusy {
  let thread: Worker | undefined;
  const jobs = new Map<number, { resolve(busy: BusyInterval[]): void; reject(error: Error): void }>();
  let nextId = 0;

  function ended(worker: Worker, error: Error) {
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

/** For the development server, whose sources Vite serves, and scripts. */
export function parseInline(host: string): ParseBusy {
  return async (texts, from, to) => busyOfTexts(texts, from, to, host);
}
