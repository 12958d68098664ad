import type { ColumnType, Generated } from "kysely";
import type { AdminRole, LeadFormType, LeadStatus } from "#app/lib/inbox.ts";
import type { LeadTable, Timestamp } from "#server/db/columns.ts";

/** An agency user of the lead inbox. */
export interface AdminUsersTable {
  id: Generated<number>;
  /** Lowercased. */
  email: string;
  /** scrypt$N$r$p$salt$hash (server/admin/password.ts). */
  password_hash: string;
  created_at: Timestamp;
  last_login_at: Timestamp | null;
  /** What the user may do (app/lib/inbox.ts roleAllows). */
  role: AdminRole;
  /** The authenticator app's shared secret, encrypted (server/admin/second-factor.ts); null until enrolled. */
  totp_secret: string | null;
  /** The time step of the last code accepted, so a code signs in once. */
  totp_last_step: number | null;
  /** Set when an admin gave the password: the user chooses their own before anything else. */
  must_change_password: Generated<boolean>;
  /** Wrong second-factor codes since the last right one or the last lock, from any address (server/admin/code-lock.ts). */
  code_failures: Generated<number>;
  /** Until when no code is taken for this user; kept after it passes, so the next lock knows how recent this one was. */
  codes_locked_until: Timestamp | null;
  /** Locks one after another, each within a day of the one before: each lasts twice as long as the last. */
  code_locks: Generated<number>;
}

/** A passkey (WebAuthn credential) of a user, beside the authenticator app (server/admin/passkeys.ts). */
export interface AdminPasskeysTable {
  id: Generated<number>;
  user_id: number;
  /** The credential's id, base64url, as the browser names it. */
  credential_id: string;
  /** Its COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter at its last use: a lower or equal one later means a copy (bigint: read as number or string). */
  counter: ColumnType<number | string, number, number>;
  /** JSON list of how the browser reaches it (usb, nfc, internal, hybrid…), or null. */
  transports: string | null;
  /** What the user called it. */
  name: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
}

/** The challenge a session (adding a passkey) or a waiting sign-in (using one) asked its browser to sign: one each, taken once. */
export interface AdminPasskeyChallengesTable {
  /** "session <hashed id>" or "sign-in <hashed id>". */
  owner: string;
  user_id: number;
  /** base64url, as the options gave it. */
  challenge: string;
  created_at: Timestamp;
}

/** Single-use codes for when the authenticator app is lost; only their SHA-256 is kept. */
export interface AdminRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: Timestamp | null;
}

/** A sign-in whose password was right, waiting for its second factor. The cookie holds a random id; this its SHA-256. */
export interface AdminSignInsTable {
  id: string;
  user_id: number;
  created_at: Timestamp;
  /** Wrong codes given in this sign-in. */
  failures: Generated<number>;
  /** The secret being enrolled, encrypted, until a code from it confirms it. */
  totp_candidate: string | null;
}

/** A signed-in browser. The cookie holds a random id; only its SHA-256 is stored here. */
export interface AdminSessionsTable {
  id: string;
  user_id: number;
  /** The synchronizer token every form of this session carries. */
  csrf_token: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  /** Where and with what the user signed in, for the sessions page. */
  client_address: string | null;
  user_agent: string | null;
}

/** Who did what and when; never the personal data a change removed. */
export interface AdminAuditLogTable {
  id: Generated<number>;
  created_at: Timestamp;
  /** Null for the command line. */
  user_id: number | null;
  /** The user's email at the time, or "command line". */
  actor: string;
  action: string;
  detail: string;
  /** The inbox lead concerned (no foreign key: the entry outlives a forgotten lead). */
  lead_id: number | null;
}

/**
 * One row per lead of every form, kept by triggers on the lead tables (see the
 * migration and docs/decisions): the inbox lists, filters, searches and pages
 * this one table. The agency's status of a lead lives here too.
 */
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
  /** Lowercased name, email, company and website, searched with LIKE. */
  search_text: string;
  status: Generated<LeadStatus>;
  status_changed_at: Timestamp | null;
  created_at: Timestamp;
  /** The channel the lead counts for (app/lib/attribution.ts leadChannel); null for leads from before attribution. */
  source: string | null;
  medium: string | null;
  campaign: string | null;
  /** What the agency won with the lead, in cents of a rand; null when not given. */
  value_cents: number | null;
  /** The visitor allowed marketing when they sent it (app/lib/attribution.ts). */
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

/** Everything the inbox reads and writes: the lead tables, bookings, newsletter subscribers and its own. */
