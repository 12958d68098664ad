import type { Generated } from "kysely";
import type { Timestamp } from "#server/db/columns.ts";

/**
 * How each watched part of the site stands (server/ops/parts.ts): one row a
 * part, shared by every instance, so the System page reads one answer and the
 * admins get one mail per change whichever instance saw it first.
 */
export interface PartHealthTable {
  id: Generated<number>;
  /** The part's key: mail, webhooks, calendars, backups... */
  part: string;
  /** ok, failing, off (not set up here) or unknown (nothing seen yet). */
  state: "ok" | "failing" | "off" | "unknown";
  /** Since when it has been in this state. */
  since: Timestamp;
  /** What the System page says about it, in the agency's words. */
  words: string;
  checked_at: Timestamp;
  /** When the admins were told it is failing (its alert queued); null while they were not. */
  alerted_at: Timestamp | null;
}

export type OpsTables = {
  part_health: PartHealthTable;
};
