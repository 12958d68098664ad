/**
 * The server's log, through pino, filtered by LOG_LEVEL: `error` only failures
 * the agency must act on, `warn` adds refusals and oddities (404s, a mail
 * retried), `info` (the default) what the server does (start, leads stored,
 * posts taken), `debug` everything, with stack traces. Errors and warnings
 * go to stderr, the rest to stdout, one line per event: a JSON object in
 * production (what a log shipper reads), a line of text in development.
 *
 * Every line written while a request is handled carries its id (`reqId`),
 * kept in AsyncLocalStorage by server/ops/requests.ts, so a module deep in a
 * lead's handling logs it without being handed anything. What a line says is
 * what the call sites write, never a form's field values; structured fields
 * that could carry a secret or a person's details are redacted by name.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { inspect } from "node:util";
import pino, { type DestinationStream, type Logger } from "pino";

export const LOG_LEVELS = ["error", "warn", "info", "debug"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** JSON lines for a log shipper (production), or text for a person at a terminal (development). */
export type LogFormat = "json" | "text";

/**
 * Field names never written with their value, at the top level or one level
 * down (`headers.cookie`): a structured field of these names says
 * "[redacted]". Call sites log words; this guards whatever object is logged later.
 */
const REDACTED_FIELDS = ["authorization", "cookie", "password", "token", "secret", "email", "name", "phone", "message", "body", "fields"];
export const REDACT_PATHS = REDACTED_FIELDS.flatMap((field) => [field, `*.${field}`]);

interface RequestContext {
  requestId: string;
}

const requestContext = new AsyncLocalStorage<RequestContext>();

/** Runs `work` as part of the request `requestId`: every line it logs, however deep, carries the id. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return requestContext.run({ requestId }, work);
}

/** Runs `work` outside any request (background work a request merely nudged), so its lines carry no request's id. */
export function outsideRequest<T>(work: () => T): T {
  return requestContext.exit(work);
}

/** The id of the request being handled, if any. */
export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

/** A text line for a person: time, level, words, and the request's id when there is one. */
function textLine(json: string): string {
  const { level, time, msg, reqId, ...rest } = JSON.parse(json) as Record<string, unknown>;
  const extra = Object.entries(rest)
    .filter(([key]) => key !== "pid" && key !== "hostname")
    .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`);
  const clock = typeof time === "string" ? time.slice(11, 23) : "";
  return `${clock} ${String(level).toUpperCase().padEnd(5)} ${String(msg)}${extra.length ? ` ${extra.join(" ")}` : ""}${reqId ? ` [${String(reqId)}]` : ""}\n`;
}

/** stdout for info and debug, stderr for warnings and errors, as the text or JSON `format` says. */
function destination(format: LogFormat): DestinationStream {
  const out = pino.destination({ fd: 1, sync: true });
  const err = pino.destination({ fd: 2, sync: true });
  const target = (stream: DestinationStream): DestinationStream =>
    format === "json" ? stream : { write: (line: string) => void stream.write(textLine(line)) };
  return pino.multistream(
    [
      { level: "debug", stream: target(out) },
      { level: "warn", stream: target(err) },
    ],
    // Each line to the stream of the highest level it reaches, not to both.
    { dedupe: true },
  );
}

function createLogger(level: LogLevel, format: LogFormat): Logger {
  return pino(
    {
      level,
      // Level names and ISO times: what a person and a log shipper read without a table.
      formatters: { level: (label) => ({ level: label }) },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
      mixin() {
        const requestId = currentRequestId();
        return requestId ? { reqId: requestId } : {};
      },
    },
    destination(format),
  );
}

let logger = createLogger("info", "json");

/** Set once at start from the settings (server/app.ts), before the first request. */
export function configureLog({ level, format }: { level: LogLevel; format: LogFormat }): void {
  logger = createLogger(level, format);
}

/** An error as one line (its message), or with its stack at `debug`. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return logger.isLevelEnabled("debug") && error.stack ? error.stack : error.message;
}

/** The words of a line: strings as they are, errors by describeError, anything else as Node prints it, on one line. */
function wordsOf(parts: unknown[]): string {
  return parts
    .map((part) =>
      part instanceof Error ? describeError(part) : typeof part === "string" ? part : inspect(part, { breakLength: Infinity }),
    )
    .join(" ");
}

function write(level: LogLevel, parts: unknown[]): void {
  if (logger.isLevelEnabled(level)) logger[level](wordsOf(parts));
}

export const log = {
  error: (...parts: unknown[]) => write("error", parts),
  warn: (...parts: unknown[]) => write("warn", parts),
  info: (...parts: unknown[]) => write("info", parts),
  debug: (...parts: unknown[]) => write("debug", parts),
  /** Whether lines of this level are written (to skip making one that would not be). */
  enabled: (level: LogLevel) => logger.isLevelEnabled(level),
  /** A line with fields of its own beside its words (a request's method, route, status and time); fields named in REDACT_PATHS are redacted. */
  event: (level: LogLevel, fields: Record<string, unknown>, words: string) => {
    logger[level](fields, words);
  },
};
