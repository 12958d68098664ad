// Every line carries its request's id from AsyncLocalStorage (docs/decisions/0049); never a form's field values.
import { AsyncLocalStorage } from "node:async_hooks";
import { inspect } from "node:util";
import pino, { type DestinationStream, type Logger } from "pino";

export const LOG_LEVELS = ["error", "warn", "info", "debug"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type LogFormat = "json" | "text";

/** Call sites log words; this guards whatever object is logged later. */
const REDACTED_FIELDS = ["authorization", "cookie", "password", "token", "secret", "email", "name", "phone", "message", "body", "fields"];
export const REDACT_PATHS = REDACTED_FIELDS.flatMap((field) => [field, `*.${field}`]);

interface RequestContext {
  requestId: string;
}

const requestContext = new AsyncLocalStorage<RequestContext>();

export function withRequestId<T>(requestId: string, work: () => T): T {
  return requestContext.run({ requestId }, work);
}

/** For background work a request merely nudged, so its lines carry no request's id. */
export function outsideRequest<T>(work: () => T): T {
  return requestContext.exit(work);
}

export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

function textLine(json: string): string {
  const { level, time, msg, reqId, ...rest } = JSON.parse(json) as Record<string, unknown>;
  const extra = Object.entries(rest)
    .filter(([key]) => key !== "pid" && key !== "hostname")
    .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`);
  const clock = typeof time === "string" ? time.slice(11, 23) : "";
  return `${clock} ${String(level).toUpperCase().padEnd(5)} ${String(msg)}${extra.length ? ` ${extra.join(" ")}` : ""}${reqId ? ` [${String(reqId)}]` : ""}\n`;
}

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

export function configureLog({ level, format }: { level: LogLevel; format: LogFormat }): void {
  logger = createLogger(level, format);
}

export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return logger.isLevelEnabled("debug") && error.stack ? error.stack : error.message;
}

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
  enabled: (level: LogLevel) => logger.isLevelEnabled(level),
  /** Fields named in REDACT_PATHS are redacted. */
  event: (level: LogLevel, fields: Record<string, unknown>, words: string) => {
    logger[level](fields, words);
  },
};
