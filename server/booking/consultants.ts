import { readFileSync } from "node:fs";
import { type Document, isMap, isScalar, LineCounter, parseDocument } from "yaml";
import { z } from "zod";
import { team } from "#app/content/team.ts";
import { EnvError } from "#server/env.ts";
import type { BookingRules } from "#server/booking/slots.ts";

// docs/decisions/0033-consultants-calendars.md.

export interface DayHours {
  opensAt: number;
  closesAt: number;
}

/** The URL and password are secrets: never logged nor shown. */
export type CalendarSource =
  { kind: "ical"; url: string } | { kind: "caldav"; url: string; username: string; password: string; calendars: string[] | null };

export interface Consultant {
  // Stored with each booking and claim, so it must stay stable.
  id: string;
  name: string;
  meetingLink: string | null;
  email: string | null;
  hours: ReadonlyArray<DayHours | null>;
  calendars: CalendarSource[];
}

const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;

const QUARTER_HOURS = /^([01]\d|2[0-4]):(00|15|30|45)-([01]\d|2[0-4]):(00|15|30|45)$/;
const quarterHours = z
  .string()
  .regex(QUARTER_HOURS, "must be HH:MM-HH:MM on quarter hours, e.g. 09:00-17:00")
  // "9-5" is told its form, not that it closes before it opens.
  .refine(
    (hours) => !QUARTER_HOURS.test(hours) || (hours.slice(0, 5) < hours.slice(6) && hours.slice(6) <= "24:00"),
    "must open before it closes, by 24:00",
  );

type WeekShape = Record<(typeof WEEKDAYS)[number], z.ZodOptional<typeof quarterHours>>;

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });

const icalSchema = z.strictObject({ ical: httpUrl });
const caldavSchema = z.strictObject({
  caldav: httpUrl,
  username: z.string().min(1),
  password: z.string().min(1),
  // Calls are written into the first named.
  calendars: z.array(z.string().min(1)).min(1).optional(),
});
const calendarKinds = { caldav: caldavSchema, ical: icalSchema } as const;
type CalendarEntry = z.output<typeof icalSchema> | z.output<typeof caldavSchema>;

// A value itself is never repeated: it may be a password.
const agencyWords: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === "invalid_type" && issue.input === undefined) return "is missing";
  if (issue.code === "unrecognized_keys")
    return `unknown key${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => `"${k}"`).join(", ")}`;
  return undefined;
};

// Checked by its kind's key, so a misspelt key is named (a union said only "Invalid input").
const calendarSchema = z.unknown().transform((value, ctx): CalendarEntry => {
  const kind = value && typeof value === "object" ? (["caldav", "ical"] as const).find((key) => key in value) : undefined;
  if (!kind) {
    ctx.issues.push({
      code: "custom",
      input: value,
      message: "needs caldav: (a CalDAV account) or ical: (a calendar's secret iCal address)",
    });
    return z.NEVER;
  }
  const result = calendarKinds[kind].safeParse(value, { error: agencyWords });
  if (result.success) return result.data;
  for (const issue of result.error.issues) ctx.issues.push({ ...issue, input: undefined });
  return z.NEVER;
});

const consultantSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, "must be lowercase letters, digits and dashes"),
  name: z.string().trim().min(1).max(100),
  meeting: z.url({ protocol: /^(https|tel)$/, error: "must be an https: or tel: link" }).optional(),
  email: z.email({ error: "must be an email address" }).optional(),
  hours: z
    .union([quarterHours, z.strictObject(Object.fromEntries(WEEKDAYS.map((day) => [day, quarterHours.optional()])) as WeekShape)])
    .optional(),
  calendars: z.array(calendarSchema).max(10).default([]),
});

const fileSchema = z.strictObject({
  consultants: z
    .array(consultantSchema)
    .min(1)
    .max(50)
    .refine((list) => new Set(list.map((c) => c.id)).size === list.length, "ids must differ"),
});

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(":").map(Number);
  return hours! * 60 + minutes!;
}

function dayHours(range: string): DayHours {
  const [opens, closes] = range.split("-");
  return { opensAt: minutesOf(opens!), closesAt: minutesOf(closes!) };
}

function weekdays(hours: DayHours): Array<DayHours | null> {
  return WEEKDAYS.map((day) => (day === "sat" || day === "sun" ? null : hours));
}

function weekHours(hours: z.infer<typeof consultantSchema>["hours"], rules: BookingRules): Array<DayHours | null> {
  if (hours === undefined) return weekdays({ opensAt: rules.opensAt, closesAt: rules.closesAt });
  if (typeof hours === "string") return weekdays(dayHours(hours));
  return WEEKDAYS.map((day) => (hours[day] ? dayHours(hours[day]) : null));
}

// For "did you mean": a key one or two letters off is a typo.
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

function keysAt(path: readonly PropertyKey[], value: unknown): string[] {
  const last = path.at(-1);
  if (path.length === 0) return Object.keys(fileSchema.shape);
  if (path.length === 2) return Object.keys(consultantSchema.shape);
  if (last === "hours") return [...WEEKDAYS];
  if (value && typeof value === "object" && "ical" in value) return Object.keys(icalSchema.shape);
  return Object.keys(caldavSchema.shape);
}

function describeProblems(issues: readonly z.core.$ZodIssue[], document: Document, lines: LineCounter): string[] {
  const lineOf = (node: unknown) => {
    const offset = (node as { range?: [number] } | undefined)?.range?.[0];
    return offset === undefined ? 0 : lines.linePos(offset).line;
  };
  const nodeAt = (path: readonly PropertyKey[]) => (path.length ? document.getIn(path as unknown[], true) : document.contents);
  const placeOf = (path: readonly PropertyKey[]) => path.join(".") || "the file";
  const problems: Array<{ line: number; text: string }> = [];
  const misspelt = new Set<string>();
  for (const issue of issues) {
    if (issue.code !== "unrecognized_keys") continue;
    const map = nodeAt(issue.path);
    const allowed = keysAt(issue.path, isMap(map) ? map.toJSON() : undefined);
    for (const key of issue.keys) {
      const meant = allowed.find((candidate) => distance(key, candidate) <= 2);
      if (meant) misspelt.add(placeOf([...issue.path, meant]));
      const pair = isMap(map) ? map.items.find((item) => isScalar(item.key) && item.key.value === key) : undefined;
      problems.push({
        line: lineOf(pair?.key ?? map),
        text: `${placeOf(issue.path)}: unknown key "${key}"${meant ? ` (did you mean "${meant}"?)` : ""}`,
      });
    }
  }
  for (const issue of issues) {
    if (issue.code === "unrecognized_keys" || misspelt.has(placeOf(issue.path))) continue;
    // A missing key has no line of its own: its map's.
    const node = nodeAt(issue.message === "is missing" ? issue.path.slice(0, -1) : issue.path);
    problems.push({ line: lineOf(node), text: `${placeOf(issue.path)}: ${issue.message}` });
  }
  return problems.sort((a, b) => a.line - b.line).map(({ line, text }) => `  ${line ? `line ${line}, ` : ""}${text}`);
}

export function parseConsultants(text: string, file: string, rules: BookingRules): Consultant[] {
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines });
  if (document.errors.length) {
    throw new EnvError(`Invalid CONSULTANTS_FILE ${file}: not YAML (${document.errors[0]!.message.split("\n")[0]})`);
  }
  const result = fileSchema.safeParse(document.toJS(), { error: agencyWords });
  if (!result.success) {
    // Only places and messages: a value may be a password.
    throw new EnvError(`Invalid CONSULTANTS_FILE ${file}:\n${describeProblems(result.error.issues, document, lines).join("\n")}`);
  }
  return result.data.consultants.map((c) => ({
    id: c.id,
    name: c.name,
    meetingLink: c.meeting ?? null,
    email: c.email ?? null,
    hours: weekHours(c.hours, rules),
    calendars: c.calendars.map((source): CalendarSource =>
      "ical" in source
        ? { kind: "ical", url: source.ical }
        : { kind: "caldav", url: source.caldav, username: source.username, password: source.password, calendars: source.calendars ?? null },
    ),
  }));
}

export function loadConsultants(file: string | undefined, rules: BookingRules): Consultant[] {
  if (!file) {
    return team.map((member) => ({
      id: member.id,
      name: member.name,
      meetingLink: null,
      email: null,
      hours: weekHours(undefined, rules),
      calendars: [],
    }));
  }
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new EnvError(`CONSULTANTS_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? "error"})`);
  }
  return parseConsultants(text, file, rules);
}
