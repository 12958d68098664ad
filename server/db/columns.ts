import type { ColumnType } from "kysely";

/**
 * Column types every feature's tables share. Times are `timestamptz` on PostgreSQL and ISO-8601 UTC text on SQLite: they
 * are written as Date and read back as Date (PostgreSQL) or text (SQLite),
 * so readers pass them through `new Date(...)`.
 */
export type Timestamp = ColumnType<Date | string, Date, Date>;

/** How a lead proved it came from a person (the captcha provider, or `noscript`). */
export type BotCheck = "altcha" | "recaptcha-v3" | "recaptcha-v2" | "turnstile" | "noscript";

/** The tables a lead is kept in. */
export type LeadTable = "form_submissions" | "company_profile_leads" | "service_orders" | "bookings";
