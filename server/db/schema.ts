import type { ColumnType, Generated } from "kysely";
import type { ArticleSendsTables } from "#server/db/article-sends-tables.ts";
import type { ArticlesTables } from "#server/db/articles-tables.ts";
import type { BookingTables } from "#server/db/booking-tables.ts";
import type { BotCheck, LeadTable, Timestamp } from "#server/db/columns.ts";
import type { InboxTables } from "#server/db/inbox-tables.ts";
import type { NewsletterTables } from "#server/db/newsletter-tables.ts";
import type { OpsTables } from "#server/db/ops-tables.ts";
import type { SiteContentTables } from "#server/db/site-content-tables.ts";

interface LeadOrigin {
  bot_check: BotCheck;
  client_address: string;
  user_agent: string | null;
  created_at: Timestamp;
}

export interface FormSubmissionsTable extends LeadOrigin {
  id: Generated<number>;
  form_type: "newsletter" | "contact" | "audit" | "AI Assessment Request";
  name: string;
  email: string;
  company: string | null;
  website: string | null;
  budget: string | null;
  service: string | null;
  platform: string | null;
  message: string | null;
}

export interface CompanyProfileLeadsTable extends LeadOrigin {
  id: Generated<number>;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
}

export interface ServiceOrdersTable extends LeadOrigin {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string;
  company: string;
  website: string | null;
  service: string;
  tier: string;
  additional_services: string;
  industry: string;
  current_marketing: string | null;
  monthly_budget: string;
  goals: string;
  start_date: string;
  team_size: string | null;
  current_challenges: string | null;
  additional_info: string | null;
}

export type OutboxStatus = "queued" | "retrying" | "sent" | "failed";

/** Decisions 0006, 0016, 0034, 0038. */
export type OutboxChannel = "mail" | "webhook" | "slack" | "calendar" | "reminder" | "newsletter";

export interface OutboxTable {
  id: Generated<number>;
  kind: string;
  lead_table: LeadTable | "newsletter_subscribers" | "articles" | "calendar_outages" | "admin_users" | "part_health";
  lead_id: number;
  reply_to: string | null;
  /** Null is the agency (NOTIFY_TO). */
  recipient: string | null;
  attachments: string | null;
  headers: string | null;
  subject: string;
  text_body: string;
  html_body: string;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: Timestamp;
  /** Another worker may take it once this has passed. */
  locked_until: Timestamp | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  channel: ColumnType<OutboxChannel, OutboxChannel | undefined, OutboxChannel>;
  /** The same on every retry, so the receiver can drop a repeat. */
  webhook_id: ColumnType<string | null, string | null | undefined, string | null>;
  article_send_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface RateLimitsTable {
  form_key: string;
  client_address: string;
  window_start: Timestamp;
  count: number;
}

export interface SpentChallengesTable {
  id: string;
  expires_at: Timestamp;
}

export interface SiteKeysTable {
  name: string;
  value: string;
  created_at: Timestamp;
}

export interface LeadAttributionsTable {
  id: Generated<number>;
  lead_table: LeadTable;
  lead_id: number;
  touch: "visit" | "first" | "last";
  at: Timestamp;
  landing_page: string;
  referrer: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  click_ids: string | null;
}

interface SiteTables {
  form_submissions: FormSubmissionsTable;
  company_profile_leads: CompanyProfileLeadsTable;
  service_orders: ServiceOrdersTable;
  outbox: OutboxTable;
  rate_limits: RateLimitsTable;
  spent_challenges: SpentChallengesTable;
  site_keys: SiteKeysTable;
  lead_attributions: LeadAttributionsTable;
}

export type Database = SiteTables &
  InboxTables &
  BookingTables &
  NewsletterTables &
  ArticlesTables &
  ArticleSendsTables &
  OpsTables &
  SiteContentTables;
