import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";

// Written out, not bound, so both databases match it to the partial index below.
export const unsentMessage = sql<boolean>`status in ('queued', 'retrying')`;

// Without it every claim sorted every unsent message of all lanes, so a mail backlog cost more as it grew (docs/decisions/0020).
export const outboxLanesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex("outbox_unsent").on("outbox").columns(["channel", "next_attempt_at", "id"]).where(unsentMessage).execute();
  },
};

// Every message has a text body until the retention sweep clears it.
export const copyKept = sql<boolean>`text_body <> ''`;

export const keptSentCopy = sql<boolean>`status = 'sent' and ${copyKept}`;

// Lets the retention sweep find expired copies without reading every message's body.
export const outboxSentCopiesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex("outbox_sent_copies").on("outbox").column("sent_at").where(keptSentCopy).execute();
  },
};
