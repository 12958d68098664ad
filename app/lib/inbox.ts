/**
 * The inbox's option lists (which form a lead came from, where the agency
 * stands with it) and limits. Read by the pages, the queries, the CSV export
 * and the migration's triggers, so each key, label and limit is written once:
 * here, and the forms' own in app/forms/registry.ts. It imports nothing, so
 * the database's table types can use it.
 */

/** A form's key in the leads table ("ai-assessment"). */
export type LeadFormType = string;

export const leadStatuses = [
  { key: "new", label: "New" },
  { key: "contacted", label: "Contacted" },
  { key: "qualified", label: "Qualified" },
  // Booked a call and did not come (set by marking the call, /admin/calls).
  { key: "no-show", label: "No-show" },
  { key: "won", label: "Won" },
  { key: "lost", label: "Lost" },
  { key: "spam", label: "Spam" },
] as const;

export type LeadStatus = (typeof leadStatuses)[number]["key"];

export function statusLabel(key: string): string {
  return leadStatuses.find((s) => s.key === key)?.label ?? key;
}

/**
 * What became of a booked call, marked on /admin/calls, and the lead status
 * each sets: a call held qualifies the lead, one missed says so. A lead
 * already won, lost or marked spam keeps its status (callOutcomeSets).
 */
export const callOutcomes = [
  { key: "held", label: "Held", status: "qualified" },
  { key: "no-show", label: "No-show", status: "no-show" },
] as const satisfies ReadonlyArray<{ key: string; label: string; status: LeadStatus }>;

export type CallOutcome = (typeof callOutcomes)[number]["key"];

/** Whether a call's outcome moves a lead of this status: only one still before a decision. */
export function callOutcomeSets(current: LeadStatus): boolean {
  return current === "new" || current === "contacted" || current === "qualified" || current === "no-show";
}

export function isStatus(value: string): value is LeadStatus {
  return leadStatuses.some((s) => s.key === value);
}

export const SEARCH_MAX_LENGTH = 200;
export const NOTE_MAX_LENGTH = 5000;

/**
 * Who may do what in the inbox, each role all that the one before it may
 * (docs/decisions/0030). The server enforces it (server/admin/guard.ts
 * requireRoleFor); the pages read it to hide what a role cannot do.
 */
export const adminRoles = [
  { key: "reader", label: "Reader", may: "reads leads, the report and the newsletter's subscribers" },
  { key: "editor", label: "Editor", may: "also sets a lead's status, adds notes, resends notifications and writes articles" },
  {
    key: "admin",
    label: "Admin",
    may: "also exports, forgets a person, manages users and sessions, reads the audit log and the System page, gives consultants calendar feed addresses and publishes articles",
  },
] as const;

export type AdminRole = (typeof adminRoles)[number]["key"];

/** The least role for each kind of work. */
const leastRoleFor = {
  read: "reader",
  edit: "editor",
  export: "admin",
  forget: "admin",
  "manage-users": "admin",
  audit: "admin",
  // The System page: how mail, webhooks, calendars, backups and sends stand (server/ops).
  system: "admin",
  // A consultant's feed address shows their calls to whoever holds it.
  "calendar-feeds": "admin",
  // Writing and saving drafts; publishing, scheduling, unpublishing and editing what is live take "publish".
  "write-articles": "editor",
  publish: "admin",
  // The site's own words: pricing first (docs/decisions/0052).
  "edit-site-content": "editor",
} as const satisfies Record<string, AdminRole>;

export type InboxWork = keyof typeof leastRoleFor;

const rankOf = (role: AdminRole) => adminRoles.findIndex((r) => r.key === role);

export function roleAllows(role: AdminRole, work: InboxWork): boolean {
  return rankOf(role) >= rankOf(leastRoleFor[work]);
}

export function isAdminRole(value: string): value is AdminRole {
  return adminRoles.some((r) => r.key === value);
}

export function roleLabel(role: string): string {
  return adminRoles.find((r) => r.key === role)?.label ?? role;
}

/** The hidden field with the session's synchronizer token that every inbox form posts. */
export const CSRF_FIELD = "csrf";

/** The largest value a won lead can be given: R20 million, whose cents still fit PostgreSQL's integer column. */
const VALUE_MAX_CENTS = 20_000_000_00;

/**
 * A won lead's value as the agency types it ("12500", "R12 500,50", "12,500.50")
 * in cents; null when left empty; undefined when it is no amount of rand.
 */
export function parseRandValue(text: string): number | null | undefined {
  const plain = text
    .trim()
    .replace(/^R\s*/i, "")
    .replace(/[\s\u00a0]/g, "");
  if (plain === "") return null;
  // A comma followed by exactly two digits at the end is a decimal comma; any other comma groups thousands.
  const normal =
    /,\d{2}$/.test(plain) && !plain.includes(".") ? plain.replace(/,(\d{2})$/, ".$1").replace(/,/g, "") : plain.replace(/,/g, "");
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(normal)) return undefined;
  const cents = Math.round(Number(normal) * 100);
  return cents <= VALUE_MAX_CENTS ? cents : undefined;
}

export const valueMessage = "Give the value in rand, up to R20 million, for example 12500 or 12 500,50.";
