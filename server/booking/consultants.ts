import { readFileSync } from "node:fs";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { team } from "#app/content/team.ts";
import { EnvError } from "#server/env.ts";
import type { BookingRules } from "#server/booking/slots.ts";

/**
 * Who takes the calls booked at /calendar: the consultants of CONSULTANTS_FILE
 * (YAML), else the co-founders of SPEC.md with the site's BOOKING_HOURS. Each
 * has working hours (SAST), a meeting link, and the calendars whose busy times
 * keep visitors off their own (server/booking/calendars.ts).
 * docs/decisions/0033-consultants-calendars.md.
 */

/** Hours of one day, in minutes after SAST midnight. */
export interface DayHours {
  opensAt: number;
  closesAt: number;
}

/** A calendar a consultant's busy times are read from. The URL and password are secrets: never logged nor shown. */
export type CalendarSource =
  { kind: "ical"; url: string } | { kind: "caldav"; url: string; username: string; password: string; calendars: string[] | null };

export interface Consultant {
  /** Stable id, stored with each booking and claim. */
  id: string;
  name: string;
  /** Where the call takes place: a video room (https:) or a phone number (tel:); null: the agency calls the visitor. */
  meetingLink: string | null;
  /** Where their call reminders go; null: the agency's notification address (NOTIFY_TO). */
  email: string | null;
  /** Hours per weekday, Sunday first; null: no calls that day. */
  hours: ReadonlyArray<DayHours | null>;
  calendars: CalendarSource[];
}

const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;

const quarterHours = z
  .string()
  .regex(/^([01]\d|2[0-4]):(00|15|30|45)-([01]\d|2[0-4]):(00|15|30|45)$/, "must be HH:MM-HH:MM on quarter hours, e.g. 09:00-17:00")
  .refine((hours) => hours.slice(0, 5) < hours.slice(6) && hours.slice(6) <= "24:00", "must open before it closes, by 24:00");

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });

const calendarSchema = z.union([
  z.strictObject({ ical: httpUrl }),
  z.strictObject({
    caldav: httpUrl,
    username: z.string().min(1),
    password: z.string().min(1),
    /** Display names or paths of the calendars to read; all the account's event calendars when absent. */
    calendars: z.array(z.string().min(1)).optional(),
  }),
]);

const consultantSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, "must be lowercase letters, digits and dashes"),
  name: z.string().trim().min(1).max(100),
  meeting: z.url({ protocol: /^(https|tel)$/, error: "must be an https: or tel: link" }).optional(),
  /** Where their call reminders go; absent: the agency's notification address. */
  email: z.email({ error: "must be an email address" }).optional(),
  /** "09:00-17:00" for Monday to Friday, or per day: { mon: "09:00-13:00", wed: "14:00-18:00" }. */
  hours: z.union([quarterHours, z.partialRecord(z.enum(WEEKDAYS), quarterHours)]).optional(),
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

/** Monday to Friday within the site's hours: the default of a consultant without hours of their own. */
function weekdays(hours: DayHours): Array<DayHours | null> {
  return WEEKDAYS.map((day) => (day === "sat" || day === "sun" ? null : hours));
}

function weekHours(hours: z.infer<typeof consultantSchema>["hours"], rules: BookingRules): Array<DayHours | null> {
  if (hours === undefined) return weekdays({ opensAt: rules.opensAt, closesAt: rules.closesAt });
  if (typeof hours === "string") return weekdays(dayHours(hours));
  return WEEKDAYS.map((day) => (hours[day] ? dayHours(hours[day]) : null));
}

/** Parses a consultants file's text; throws EnvError naming the file and the field. */
export function parseConsultants(text: string, file: string, rules: BookingRules): Consultant[] {
  let raw: unknown;
  try {
    raw = parseYaml(text);
  } catch (error) {
    throw new EnvError(`Invalid CONSULTANTS_FILE ${file}: not YAML (${(error as Error).message.split("\n")[0]})`);
  }
  const result = fileSchema.safeParse(raw);
  if (!result.success) {
    // Only paths and messages: a value may be a password.
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new EnvError(`Invalid CONSULTANTS_FILE ${file}:\n${lines.join("\n")}`);
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

/** The consultants of CONSULTANTS_FILE, or the co-founders with the site's hours and no calendars. */
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
