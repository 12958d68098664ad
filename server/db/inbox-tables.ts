import type { ColumnType, Generated } from "kysely";
import type { AdminRole, LeadFormType, LeadStatus } from "#app/lib/inbox.ts";
import type { LeadTable, Timestamp } from "#server/db/columns.ts";

export interface AdminUsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  created_at: Timestamp;
  last_login_at: Timestamp | null;
  role: AdminRole;
  totp_secret: string | null;
  /** So a code signs in once. */
  totp_last_step: number | null;
  must_change_password: Generated<boolean>;
  code_failures: Generated<number>;
  /** Kept after it passes, so the next lock knows how recent this one was. */
  codes_locked_until: Timestamp | null;
  /** Each lock within a day of the last lasts twice as long. */
  code_locks: Generated<number>;
}

export interface AdminPasskeysTable {
  id: Generated<number>;
  user_id: number;
  credential_id: string;
  public_key: string;
  /** A lower or equal counter later means a copy (bigint: read as number or string). */
  counter: ColumnType<number | string, number, number>;
  transports: string | null;
  name: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
}

/** One challenge per session or waiting sign-in, taken once. */
export interface AdminPasskeyChallengesTable {
  owner: string;
  user_id: number;
  challenge: string;
  created_at: Timestamp;
}

/** Only their SHA-256 is kept. */
export interface AdminRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: Timestamp | null;
}

/** The cookie holds a random id; this its SHA-256. */
export interface AdminSignInsTable {
  id: string;
  user_id: number;
  created_at: Timestamp;
  failures: Generated<number>;
  totp_candidate: string | null;
}

/** The cookie holds a random id; only its SHA-256 is stored. */
export interface AdminSessionsTable {
  id: string;
  user_id: number;
  csrf_token: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  client_address: string | null;
  user_agent: string | null;
}

/** Never the personal data a change removed. */
export interface AdminAuditLogTable {
  id: Generated<number>;
  created_at: Timestamp;
  user_id: number | null;
  actor: string;
  action: string;
  detail: string;
  /** No foreign key: the entry outlives a forgotten lead. */
  lead_id: number | null;
}

/** One row per lead of every form, kept by triggers on the lead tables (docs/decisions/0009). */
export interface LeadsTable {
  id: Generated<number>;
  lead_table: LeadTable;
  lead_id: number;
  form_type: LeadFormType;
  name: string;
  email: string;
  company: string | null;
  website: string | null;
  phone: string | null;
  search_text: string;
  status: Generated<LeadStatus>;
  status_changed_at: Timestamp | null;
  created_at: Timestamp;
  source: string | null;
  medium: string | null;
  campaign: string | null;
  /** In cents of a rand; null when not given. */
  value_cents: number | null;
  marketing_consent: Generated<boolean>;
}

export interface LeadNotesTable {
  id: Generated<number>;
  lead_id: number;
  author_id: number | null;
  author: string;
  body: string;
  created_at: Timestamp;
}

export type InboxTables = {
  admin_users: AdminUsersTable;
  admin_sessions: AdminSessionsTable;
  admin_sign_ins: AdminSignInsTable;
  admin_recovery_codes: AdminRecoveryCodesTable;
  admin_passkeys: AdminPasskeysTable;
  admin_passkey_challenges: AdminPasskeyChallengesTable;
  admin_audit_log: AdminAuditLogTable;
  leads: LeadsTable;
  lead_notes: LeadNotesTable;
};
