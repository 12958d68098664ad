import { createHash } from "node:crypto";
import { createAccount, type DAVCalendar, fetchCalendarObjects, fetchCalendars } from "tsdav";
import type { BusyInterval } from "#server/booking/availability.ts";
import type { CalendarSource } from "#server/booking/consultants.ts";
import { CalendarDataError } from "#server/booking/ical-busy.ts";
import type { ParseBusy } from "#server/booking/ical-parser.ts";

/** One deadline and byte cap for all of a source's requests, so a slow or endless server costs at most these. */
export interface ReadLimits {
  timeoutMs: number;
  maxBytes: number;
}

/** In words safe to log and show: never its address's path, user or password. */
export class CalendarReadError extends Error {
  override name = "CalendarReadError";
}

// Made once: every /calendar request looks its sources up (500 hashes took 3.5 ms).
const sourceHashes = new WeakMap<CalendarSource, string>();

/** Never the secret itself. */
export function sourceKey(consultant: string, source: CalendarSource): string {
  let hash = sourceHashes.get(source);
  if (!hash) {
    const what =
      source.kind === "caldav" ? `caldav ${source.url} ${source.username} ${(source.calendars ?? []).join(",")}` : `ical ${source.url}`;
    hash = createHash("sha256").update(what).digest("hex").slice(0, 16);
    sourceHashes.set(source, hash);
  }
  return `${consultant}:${hash}`;
}

/** No path: a feed's path is its secret. */
export function sourceLabel(source: CalendarSource): string {
  return `${source.kind === "caldav" ? "CalDAV" : "iCal feed"} at ${new URL(source.url).host}`;
}

export interface Budget {
  signal: AbortSignal;
  bytesLeft: number;
  limits: ReadLimits;
  refusedWith?: number;
  // Never given the credentials.
  otherHost?: URL;
}

async function cappedBody(response: Response, budget: Budget): Promise<Buffer<ArrayBuffer>> {
  const declared = Number(response.headers.get("content-length"));
  if (declared > budget.bytesLeft) {
    await response.body?.cancel();
    throw new CalendarReadError(tooLarge(budget.limits));
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
        throw new CalendarReadError(tooLarge(budget.limits));
      }
      chunks.push(value);
    }
  }
  budget.bytesLeft -= size;
  return Buffer.concat(chunks);
}

interface Credentials {
  origin: string;
  authorization: string;
}

// A loop costs this many requests, not the whole deadline.
const MAX_REDIRECTS = 5;
const isRedirect = (status: number) => status === 301 || status === 302 || status === 303 || status === 307 || status === 308;

/** Adds CalDAV authorization here so tsdav (and its debug log) never holds it, and only for the configured origin. */
function boundedFetch(budget: Budget, credentials?: Credentials): typeof fetch {
  return async (input, init) => {
    let url = new URL(input instanceof Request ? input.url : String(input));
    let method = init?.method ?? "GET";
    let body = init?.body;
    // tsdav asks for some redirects unfollowed (service discovery), to read their Location itself.
    const follow = init?.redirect !== "manual";
    for (let hops = 0; ; hops++) {
      const headers = new Headers(init?.headers);
      if (credentials) {
        if (url.origin !== credentials.origin) {
          budget.otherHost = url;
          throw new CalendarReadError(otherHostWords(url));
        }
        headers.set("authorization", credentials.authorization);
      }
      const response = await fetch(url, {
        ...init,
        method,
        body,
        headers,
        signal: budget.signal,
        redirect: credentials || !follow ? "manual" : "follow",
      });
      const location = response.headers.get("location");
      if (credentials && follow && isRedirect(response.status) && location) {
        await response.body?.cancel();
        if (hops >= MAX_REDIRECTS)
          throw new CalendarReadError(`more than ${MAX_REDIRECTS} redirects: check the address in the consultants file`);
        url = new URL(location, url);
        if (response.status === 303 || (method === "POST" && response.status !== 307 && response.status !== 308)) {
          method = "GET";
          body = undefined;
        }
        continue;
      }
      if (response.status >= 400) budget.refusedWith = response.status;
      if (credentials && response.status === 401) {
        await response.body?.cancel();
        throw new CalendarReadError(httpWords(401));
      }
      const answer = await cappedBody(response, budget);
      const empty = response.status === 204 || response.status === 205 || response.status === 304;
      return new Response(empty ? null : answer, { status: response.status, statusText: response.statusText, headers: response.headers });
    }
  };
}

async function readFeed(url: string, budget: Budget, from: Date, to: Date, parse: ParseBusy): Promise<BusyInterval[]> {
  const response = await boundedFetch(budget)(url, { headers: { accept: "text/calendar" } });
  if (!response.ok) throw new CalendarReadError(httpWords(response.status, "ical"));
  return parse([await response.text()], from, to);
}

export type CalDavSource = Extract<CalendarSource, { kind: "caldav" }>;

function isNamed(wanted: string, calendar: DAVCalendar, base: string): boolean {
  const url = calendar.url.replace(/\/?$/, "/");
  if (wanted === calendar.displayName || url.endsWith(`/${wanted.replace(/^\/|\/$/g, "")}/`)) return true;
  return URL.canParse(wanted, base) && new URL(wanted, base).href.replace(/\/?$/, "/") === new URL(url, base).href;
}

// An address's path may hold the user name, so it is only counted.
const quoted = (wanted: string, index: number) =>
  wanted.includes("/") ? `the ${ordinal(index + 1)} calendar named` : `the calendar "${wanted}" named`;
const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n !== 11 ? "st" : n % 10 === 2 && n !== 12 ? "nd" : n % 10 === 3 && n !== 13 ? "rd" : "th"}`;

/** A named calendar the account does not have fails the session: its busy times would otherwise be missed silently. */
export async function openCalDav(source: CalDavSource, budget: Budget): Promise<{ calendars: DAVCalendar[]; davFetch: typeof fetch }> {
  const authorization = `Basic ${Buffer.from(`${source.username}:${source.password}`).toString("base64")}`;
  const davFetch = boundedFetch(budget, { origin: new URL(source.url).origin, authorization });
  const account = await createAccount({
    account: { serverUrl: source.url, accountType: "caldav", credentials: {} },
    headers: {},
    fetch: davFetch,
  });
  const events = (await fetchCalendars({ account, headers: {}, fetch: davFetch })).filter(
    (calendar: DAVCalendar) => !calendar.components || calendar.components.includes("VEVENT"),
  );
  if (!source.calendars) {
    if (!events.length) throw new CalendarReadError("the account has no calendar of events: make one, or check the caldav address");
    return { calendars: events, davFetch };
  }
  const named: DAVCalendar[] = [];
  for (const [index, wanted] of source.calendars.entries()) {
    const calendar = events.find((candidate) => isNamed(wanted, candidate, source.url));
    if (!calendar) {
      throw new CalendarReadError(
        `${quoted(wanted, index)} in the consultants file is not in this account: check its name as the calendar app shows it, or give its address`,
      );
    }
    if (!named.includes(calendar)) named.push(calendar);
  }
  return { calendars: named, davFetch };
}

const calendarName = (calendar: DAVCalendar): string =>
  typeof calendar.displayName === "string" && calendar.displayName
    ? calendar.displayName
    : (calendar.url.split("/").filter(Boolean).at(-1) ?? "");

async function readCalDav(source: CalDavSource, budget: Budget, from: Date, to: Date, parse: ParseBusy): Promise<SourceRead> {
  const { calendars, davFetch } = await openCalDav(source, budget);
  const texts: string[] = [];
  for (const calendar of calendars) {
    // Expanded here, as every server expands differently (RFC 4791 calendar-query with a time-range, as Cal.com asks it).
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
  return { busy: await parse(texts, from, to), writesTo: calendarName(calendars[0]!) };
}

export function budgetOf(limits: ReadLimits): Budget {
  return { signal: AbortSignal.timeout(limits.timeoutMs), bytesLeft: limits.maxBytes, limits };
}

// Failures in the agency's words, never the address, user, password or content: they go to the log, inbox and admins' mail.

const tooLarge = (limits: ReadLimits) =>
  `its answer is larger than ${limits.maxBytes} bytes (CALENDAR_MAX_BYTES): raise the setting, or read fewer calendars of that account`;

function otherHostWords(url: URL): string {
  return `the server sent us on to another host, ${url.host}, which is never given the password: if that is the account's own server, write ${url.origin}/ as caldav: in the consultants file`;
}

export function httpWords(status: number, kind: CalendarSource["kind"] = "caldav"): string {
  const address = kind === "ical" ? "the feed's address" : "the caldav address";
  if (status === 401)
    return "the user name or password was refused (HTTP 401): check the password in the consultants file (an app password, where the provider asks for one)";
  if (status === 403)
    return `the server refused access (HTTP 403): check the user name in the consultants file, and that the account may read this calendar`;
  if (status === 404 || status === 410)
    return kind === "ical"
      ? `there is no calendar at this address (HTTP ${status}): the secret address was probably reset: copy the new one into the consultants file`
      : `there is no calendar at this address (HTTP ${status}): check ${address} in the consultants file`;
  if (status === 429)
    return "the calendar server asks us to slow down (HTTP 429): it is read again at the next refresh (raise CALENDAR_REFRESH_SECONDS if it lasts)";
  if (status >= 500)
    return `the calendar server failed (HTTP ${status}): it is read again at the next refresh (if it lasts, ask the calendar's provider)`;
  return `the calendar server refused the request (HTTP ${status}): check ${address} in the consultants file`;
}

const connectionWords: Record<string, string> = {
  ECONNREFUSED: "the server refused the connection (ECONNREFUSED): it is down, or the address's port is wrong",
  ENOTFOUND: "no such host (ENOTFOUND): check the host name of the address in the consultants file",
  EAI_AGAIN:
    "the host name could not be looked up (EAI_AGAIN): the network's name service failed, and it is read again at the next refresh",
  ECONNRESET: "the server closed the connection (ECONNRESET): it is read again at the next refresh",
  EHOSTUNREACH: "the server cannot be reached (EHOSTUNREACH): the network or the server is down",
};

export function reason(error: unknown, budget: Budget, kind: CalendarSource["kind"] = "caldav"): string {
  if (error instanceof CalendarReadError) return error.message;
  if (error instanceof CalendarDataError) return error.message;
  const e = error as { name?: string; message?: string; code?: string; cause?: { code?: string } };
  if (e?.name === "TimeoutError" || e?.name === "AbortError")
    return `no answer within ${budget.limits.timeoutMs} ms (CALENDAR_TIMEOUT_MS): the server is slow or down, and it is read again at the next refresh`;
  const code = e?.cause?.code ?? e?.code;
  if (code) {
    if (connectionWords[code]) return connectionWords[code];
    if (/CERT|SSL|TLS/.test(code))
      return `the server's certificate is not valid (${code}): the address must be the calendar server's own https address`;
    return `cannot connect (${code}): check the address in the consultants file`;
  }
  // tsdav's own errors say little ("cannot find homeUrl") and may hold an address.
  if (budget.otherHost) return otherHostWords(budget.otherHost);
  if (budget.refusedWith) return httpWords(budget.refusedWith, kind);
  return kind === "ical"
    ? "the feed could not be read: check that the address is the calendar's secret iCal address (it ends in .ics)"
    : "the address does not lead to a CalDAV account's calendars: check the caldav address in the consultants file";
}

export interface SourceRead {
  busy: BusyInterval[];
  writesTo: string | null;
}

export async function readBusy(source: CalendarSource, from: Date, to: Date, limits: ReadLimits, parse: ParseBusy): Promise<SourceRead> {
  const budget = budgetOf(limits);
  try {
    if (source.kind === "ical") return { busy: await readFeed(source.url, budget, from, to, parse), writesTo: null };
    return await readCalDav(source, budget, from, to, parse);
  } catch (error) {
    throw new CalendarReadError(reason(error, budget, source.kind));
  }
}
