import { createHash } from "node:crypto";
import { createAccount, type DAVCalendar, fetchCalendarObjects, fetchCalendars } from "tsdav";
import type { BusyInterval } from "#server/booking/availability.ts";
import type { CalendarSource } from "#server/booking/consultants.ts";
import { CalendarDataError } from "#server/booking/ical-busy.ts";
import type { ParseBusy } from "#server/booking/ical-parser.ts";

/**
 * Reads one calendar's busy times, bounded: one deadline for all of a
 * source's requests (a CalDAV account takes several), and a cap on the bytes
 * of all its answers together, counted as they arrive, so a slow, silent or
 * endless server costs at most the deadline and the cap.
 */
export interface ReadLimits {
  timeoutMs: number;
  maxBytes: number;
}

/** Why a calendar could not be read, in words safe to log and show: never its address's path, user or password. */
export class CalendarReadError extends Error {
  override name = "CalendarReadError";
}

/** A stable key of a source for its cached busy times: its consultant and a hash of what it is (never the secret itself). */
export function sourceKey(consultant: string, source: CalendarSource): string {
  const what =
    source.kind === "caldav" ? `caldav ${source.url} ${source.username} ${(source.calendars ?? []).join(",")}` : `ical ${source.url}`;
  return `${consultant}:${createHash("sha256").update(what).digest("hex").slice(0, 16)}`;
}

/** How a source is named in the log and the inbox: its kind and host, no path (a feed's path is its secret). */
export function sourceLabel(source: CalendarSource): string {
  return `${source.kind === "caldav" ? "CalDAV" : "iCal feed"} at ${new URL(source.url).host}`;
}

export interface Budget {
  signal: AbortSignal;
  bytesLeft: number;
  limits: ReadLimits;
}

/** A body read up to what the budget has left; more is refused before it is all held. */
async function cappedBody(response: Response, budget: Budget): Promise<Buffer<ArrayBuffer>> {
  const declared = Number(response.headers.get("content-length"));
  if (declared > budget.bytesLeft) {
    await response.body?.cancel();
    throw new CalendarReadError(`answer larger than ${budget.limits.maxBytes} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > budget.bytesLeft) {
        await reader.cancel();
        throw new CalendarReadError(`answer larger than ${budget.limits.maxBytes} bytes`);
      }
      chunks.push(value);
    }
  }
  budget.bytesLeft -= size;
  return Buffer.concat(chunks);
}

/**
 * The fetch each request of a source goes through (tsdav takes it as its
 * `fetch`): the source's deadline and byte budget, and its Basic
 * authorization added here, so tsdav (and its debug log) never holds it.
 */
function boundedFetch(budget: Budget, authorization?: string): typeof fetch {
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    if (authorization) headers.set("authorization", authorization);
    const response = await fetch(input, { ...init, headers, signal: budget.signal });
    const body = await cappedBody(response, budget);
    const empty = response.status === 204 || response.status === 205 || response.status === 304;
    return new Response(empty ? null : body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

async function readFeed(url: string, budget: Budget, from: Date, to: Date, parse: ParseBusy): Promise<BusyInterval[]> {
  const response = await boundedFetch(budget)(url, { headers: { accept: "text/calendar" } });
  if (!response.ok) throw new CalendarReadError(`HTTP ${response.status}`);
  return parse([await response.text()], from, to);
}

export type CalDavSource = Extract<CalendarSource, { kind: "caldav" }>;

/** A bounded session with a CalDAV account: its event calendars (those named, if any) and the fetch that reaches them. */
export async function openCalDav(source: CalDavSource, budget: Budget): Promise<{ calendars: DAVCalendar[]; davFetch: typeof fetch }> {
  const authorization = `Basic ${Buffer.from(`${source.username}:${source.password}`).toString("base64")}`;
  const davFetch = boundedFetch(budget, authorization);
  const account = await createAccount({
    account: { serverUrl: source.url, accountType: "caldav", credentials: {} },
    headers: {},
    fetch: davFetch,
  });
  const calendars = (await fetchCalendars({ account, headers: {}, fetch: davFetch })).filter(
    (calendar: DAVCalendar) =>
      (!calendar.components || calendar.components.includes("VEVENT")) &&
      (!source.calendars ||
        source.calendars.some(
          (wanted) => wanted === calendar.displayName || wanted === calendar.url || calendar.url.endsWith(`/${wanted}/`),
        )),
  );
  if (source.calendars && !calendars.length) throw new CalendarReadError("none of the calendars named in CONSULTANTS_FILE was found");
  return { calendars, davFetch };
}

async function readCalDav(source: CalDavSource, budget: Budget, from: Date, to: Date, parse: ParseBusy): Promise<BusyInterval[]> {
  const { calendars, davFetch } = await openCalDav(source, budget);
  const texts: string[] = [];
  for (const calendar of calendars) {
    // The server picks the events that touch the range (recurring ones whole); they are expanded here, as every server
    // expands differently (RFC 4791 calendar-query with a time-range, as Cal.com asks it).
    const objects = await fetchCalendarObjects({
      calendar,
      timeRange: { start: from.toISOString(), end: to.toISOString() },
      headers: {},
      fetch: davFetch,
    });
    for (const object of objects) {
      if (typeof object.data === "string" && object.data) texts.push(object.data);
    }
  }
  return parse(texts, from, to);
}

/** A fresh deadline and byte budget for one source's requests. */
export function budgetOf(limits: ReadLimits): Budget {
  return { signal: AbortSignal.timeout(limits.timeoutMs), bytesLeft: limits.maxBytes, limits };
}

/** Words for a failure that say what went wrong and nothing of the address or credentials. */
export function reason(error: unknown, limits: ReadLimits): string {
  if (error instanceof CalendarReadError || error instanceof CalendarDataError) return error.message;
  const e = error as { name?: string; message?: string; cause?: { code?: string } };
  if (e?.name === "TimeoutError" || e?.name === "AbortError") return `no answer within ${limits.timeoutMs} ms`;
  if (e?.cause?.code) return `cannot connect (${e.cause.code})`;
  // tsdav's own errors ("cannot find homeUrl", an HTTP status) name no secret; anything else is summarised.
  if (typeof e?.message === "string" && /^[\w ,.:()'-]{1,120}$/.test(e.message) && !e.message.includes("://")) return e.message;
  return e?.name ?? "unreadable";
}

/** A source's busy times between two instants, or the reason it could not be read (CalendarReadError). */
export async function readBusy(
  source: CalendarSource,
  from: Date,
  to: Date,
  limits: ReadLimits,
  parse: ParseBusy,
): Promise<BusyInterval[]> {
  const budget = budgetOf(limits);
  try {
    return source.kind === "ical" ? await readFeed(source.url, budget, from, to, parse) : await readCalDav(source, budget, from, to, parse);
  } catch (error) {
    throw new CalendarReadError(reason(error, limits));
  }
}
