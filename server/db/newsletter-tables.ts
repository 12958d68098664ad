import type { Generated } from "kysely";
import type { BotCheck, Timestamp } from "#server/db/columns.ts";

/** pending: signed up, not confirmed yet; confirmed: may be mailed; left: unsubscribed (kept so they are not mailed again). */
export type SubscriberStatus = "pending" | "confirmed" | "left";

/** How a subscriber left: the link's page, or a mail client's RFC 8058 one-click POST. */
export type LeaveMethod = "page" | "one-click";

/**
 * One newsletter subscriber per mailbox, with the proof of consent POPIA
 * section 69 asks for: when and on which page they signed up, the wording
 * they agreed to, and when (and from where) they confirmed.
 */
export interface NewsletterSubscribersTable {
  id: Generated<number>;
  /** As typed (trimmed, an internationalised domain in its Unicode form). */
  email: string;
  /** The address lowercased: what its links are signed for. */
  email_key: string;
  /** The mailbox it reaches (server/mail/address.ts mailboxOf): unique, so one mailbox is one subscriber, however its address is written. */
  mailbox: string;
  status: SubscriberStatus;
  /** The form_submissions row of the first signup (the lead the agency was told of). */
  lead_id: number | null;
  signed_up_at: Timestamp;
  /** The path of the page the form was posted from. */
  signup_page: string;
  /** The words shown beside the form when they signed up. */
  consent_text: string;
  signup_address: string;
  signup_user_agent: string | null;
  bot_check: BotCheck;
  confirmed_at: Timestamp | null;
  confirmed_address: string | null;
  /** When the last confirmation mail was queued: the next is sent an hour later at the earliest. */
  confirmation_sent_at: Timestamp;
  /** Confirmation mails queued for this signup. */
  confirmations_sent: number;
  left_at: Timestamp | null;
  left_method: LeaveMethod | null;
}

export type NewsletterTables = {
  newsletter_subscribers: NewsletterSubscribersTable;
};
