import type { Generated } from "kysely";
import type { BotCheck, Timestamp } from "#server/db/columns.ts";

/** left is kept so they are not mailed again. */
export type SubscriberStatus = "pending" | "confirmed" | "left";

export type LeaveMethod = "page" | "one-click";

/** With the proof of consent POPIA section 69 asks for. */
export interface NewsletterSubscribersTable {
  id: Generated<number>;
  email: string;
  /** What its links are signed for. */
  email_key: string;
  /** Unique: one mailbox is one subscriber, however its address is written. */
  mailbox: string;
  status: SubscriberStatus;
  lead_id: number | null;
  signed_up_at: Timestamp;
  signup_page: string;
  consent_text: string;
  signup_address: string;
  signup_user_agent: string | null;
  bot_check: BotCheck;
  confirmed_at: Timestamp | null;
  confirmed_address: string | null;
  /** The next is sent an hour later at the earliest. */
  confirmation_sent_at: Timestamp;
  confirmations_sent: number;
  left_at: Timestamp | null;
  left_method: LeaveMethod | null;
}

export type NewsletterTables = {
  newsletter_subscribers: NewsletterSubscribersTable;
};
