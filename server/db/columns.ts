import type { ColumnType } from "kysely";

/** Written as Date; read back as Date (PostgreSQL) or ISO text (SQLite), so readers pass them through `new Date(...)`. */
export type Timestamp = ColumnType<Date | string, Date, Date>;

export type BotCheck = "altcha" | "recaptcha-v3" | "recaptcha-v2" | "turnstile" | "noscript";

export type LeadTable = "form_submissions" | "company_profile_leads" | "service_orders" | "bookings";
