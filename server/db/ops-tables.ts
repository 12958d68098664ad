import type { Generated } from "kysely";
import type { Timestamp } from "#server/db/columns.ts";

/** One row a part, shared by every instance, so the admins get one mail per change. */
export interface PartHealthTable {
  id: Generated<number>;
  part: string;
  state: "ok" | "failing" | "off" | "unknown";
  since: Timestamp;
  words: string;
  checked_at: Timestamp;
  alerted_at: Timestamp | null;
}

export type OpsTables = {
  part_health: PartHealthTable;
};
