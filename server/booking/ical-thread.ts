// Built on its own (scripts/calendar-thread.ts), as the server's bundle is one file.
import { parentPort } from "node:worker_threads";
import { busyOfTexts } from "#server/booking/ical-busy.ts";

export interface ParseJob {
  id: number;
  texts: string[];
  from: number;
  to: number;
  host: string;
}

export type ParseAnswer =
  { id: number; busy: Array<{ start: number; end: number }> } | { id: number; error: { name: string; message: string } };

parentPort?.on("message", ({ id, texts, from, to, host }: ParseJob) => {
  let answer: ParseAnswer;
  try {
    answer = { id, busy: busyOfTexts(texts, new Date(from), new Date(to), host) };
  } catch (error) {
    const { name = "Error", message = String(error) } = error as Error;
    answer = { id, error: { name, message } };
  }
  parentPort!.postMessage(answer);
});
