import type { ColumnType, Generated } from "kysely";
import type { ArticleSendsTables } from "#server/db/article-sends-tables.ts";
import type { ArticlesTables } from "#server/db/articles-tables.ts";
import type { BookingTables } from "#server/db/booking-tables.ts";
import type { BotCheck, LeadTable, Timestamp } from "#server/db/columns.ts";
import type { InboxTables } from "#server/db/inbox-tables.ts";
import type { NewsletterTables } from "#server/db/newsletter-tables.ts";
import type { OpsTables } from "#server/db/ops-tables.ts";
import type { SiteContentTables } from "#server/db/site-content-tables.ts";

/** The tables as Kysely sees them. Column names are the database's (snake_case). */
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
  /** JSON array of the additional services' names. */
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

/**
 * How a message leaves: mail (SMTP or .eml), the lead webhook (LEAD_WEBHOOK_URL), Slack
 * (SLACK_WEBHOOK_URL), a booked call written into its consultant's CalDAV calendar, or a
 * call's reminder, mailed when due if the call still stands as it was (decision 0034), or an
 * article to a newsletter subscriber, mailed at its time if they are still subscribed (decision 0038).
 */
export type OutboxChannel = "mail" | "webhook" | "slack" | "calendar" | "reminder" | "newsletter";

export interface OutboxTable {
  id: Generated<number>;
  /** The notification type: Contact, Audit, AI Assessment Request, CompanyProfile, Service Order, Newsletter. */
  kind: string;
  /**
   * What it is about: a lead's table, newsletter_subscribers for mail to a subscriber, articles for an article's test mail,
   * calendar_outages for the admins' calendar alerts, admin_users for mail about an inbox user's sign-in, part_health for
   * an alert to the admins.
   */
  lead_table: LeadTable | "newsletter_subscribers" | "articles" | "calendar_outages" | "admin_users" | "part_health";
  lead_id: number;
  reply_to: string | null;
  /** Who receives it; null is the agency (NOTIFY_TO). Bookings also write to the visitor. */
  recipient: string | null;
  /** JSON list of MailAttachment (server/mail/transport.ts), e.g. a booking's invitation; null for none. */
  attachments: string | null;
  /** JSON object of extra mail headers (a subscriber's List-Unsubscribe); null for none. */
  headers: string | null;
  subject: string;
  text_body: string;
  html_body: string;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: Timestamp;
  /** Set while a worker holds the message; another may take it once this has passed. */
  locked_until: Timestamp | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  /** Mail unless said (server/webhooks/migration.ts); a webhook's or Slack message's body is text_body, its event type the subject. */
  channel: ColumnType<OutboxChannel, OutboxChannel | undefined, OutboxChannel>;
  /** The webhook-id header of a webhook message: the same on every retry, so the receiver can drop a repeat. */
  webhook_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The article send (article_sends) a newsletter message is part of; null for every other message. */
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

/** Secrets shared by every instance on one database (server/captcha/keys.ts). */
export interface SiteKeysTable {
  name: string;
  value: string;
  created_at: Timestamp;
}

/** One touch a lead arrived with (app/lib/attribution.ts): this visit, or its first or latest campaign visit. */
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
  /** JSON object of ClickIds; null for none (or no consent to marketing). */
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

/** Every table of the site, one type for every query (decision 0031). */
export type Database = SiteTables &
  InboxTables &
  BookingTables &
  NewsletterTables &
  ArticlesTables &
  ArticleSendsTables &
  OpsTables &
  SiteContentTables;
