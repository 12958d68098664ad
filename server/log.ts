/**
 * The server's log, filtered by LOG_LEVEL: `error` only failures the agency
 * must act on, `warn` adds refusals and oddities (404s, a mail retried), `info`
 * (the default) what the server does (start, leads stored, mail sent),
 * `debug` everything, with stack traces. Errors and warnings go to stderr,
 * the rest to stdout, one line per event.
 */
import { inspect } from "node:util";

export const LOG_LEVELS = ["error", "warn", "info", "debug"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

let threshold: number = LOG_LEVELS.indexOf("info");

/** Set once at start from the settings (server/app.ts), before the first request. */
export function setLogLevel(level: LogLevel): void {
  threshold = LOG_LEVELS.indexOf(level);
}

const enabled = (level: LogLevel) => LOG_LEVELS.indexOf(level) <= threshold;

/** An error as one line (its message), or with its stack at `debug`. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return enabled("debug") && error.stack ? error.stack : error.message;
}

function write(level: LogLevel, parts: unknown[]): void {
  if (!enabled(level)) return;
  const text = parts
    .map((part) =>
      part instanceof Error ? describeError(part) : typeof part === "string" ? part : inspect(part, { breakLength: Infinity }),
    )
    .join(" ");
  (level === "error" ? console.error : level === "warn" ? console.warn : level === "info" ? console.log : console.debug)(text);
}

export const log = {
  error: (...parts: unknown[]) => write("error", parts),
  warn: (...parts: unknown[]) => write("warn", parts),
  info: (...parts: unknown[]) => write("info", parts),
  debug: (...parts: unknown[]) => write("debug", parts),
};
