import type { Generated } from "kysely";
import type { Timestamp } from "#server/db/columns.ts";

/**
 * The site's own words the agency edits in the inbox (docs/decisions/0052):
 * one JSON document per kind (today "pricing"), checked by its schema
 * (server/site-content/), and every saved version as a revision.
 */
export interface SiteContentTable {
  /** "pricing". */
  kind: string;
  /** JSON, as the kind's schema reads it. */
  document: string;
  version: number;
  updated_at: Timestamp;
  updated_by: string;
}

export interface SiteContentRevisionsTable {
  id: Generated<number>;
  kind: string;
  version: number;
  document: string;
  /** "Started with SPEC.md's content", "Saved", "Restored version 1". */
  action: string;
  saved_at: Timestamp;
  saved_by: string;
}

export interface SiteContentTables {
  site_content: SiteContentTable;
  site_content_revisions: SiteContentRevisionsTable;
}
