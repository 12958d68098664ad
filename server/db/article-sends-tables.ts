import type { Generated } from "kysely";
import type { Timestamp } from "#server/db/columns.ts";

/** An article mailed to the newsletter, at most once per article (docs/decisions/0038). */
export interface ArticleSendsTable {
  id: Generated<number>;
  article_id: number;
  subject: string;
  html_body: string;
  text_body: string;
  recipients: number;
  skipped: Generated<number>;
  started_by: string;
  started_at: Timestamp;
}

export type ArticleSendsTables = {
  article_sends: ArticleSendsTable;
};
