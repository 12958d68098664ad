import type { Generated } from "kysely";
import type { Timestamp } from "#server/db/columns.ts";

/**
 * An article mailed to the newsletter's confirmed subscribers (docs/decisions/0038):
 * at most one per article. Each subscriber's copy is an outbox message on the
 * "newsletter" channel naming this row (outbox.article_send_id).
 */
export interface ArticleSendsTable {
  id: Generated<number>;
  article_id: number;
  subject: string;
  /** The mail as written when the send started; each copy puts its subscriber's unsubscribe link in (server/articles/newsletter-email.ts). */
  html_body: string;
  text_body: string;
  /** The confirmed subscribers when it started: one message each. */
  recipients: number;
  /** Subscribers who left before their copy went: not mailed, their message removed. */
  skipped: Generated<number>;
  /** The inbox user who started it (their address). */
  started_by: string;
  started_at: Timestamp;
}

export type ArticleSendsTables = {
  article_sends: ArticleSendsTable;
};
