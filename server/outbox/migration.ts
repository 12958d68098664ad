import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * What an outbox lane asks (OutboxStore.claimDueMessages): its channel's unsent
 * messages, oldest due first. The condition is written out, not bound, so both
 * databases match it to the partial index below.
 */
export const unsentMessage = sql<boolean>`status in ('queued', 'retrying')`;

/**
 * The index a lane's claim walks in order, stopping at the batch it takes:
 * only unsent messages, by channel. Without it every claim read and sorted
 * every unsent message, the webhook and Slack lanes included, so a backlog of
 * mail cost more per message the longer it grew (docs/decisions/0020).
 * Registered in server/migrations.ts.
 */
export const outboxLanesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex("outbox_unsent").on("outbox").columns(["channel", "next_attempt_at", "id"]).where(unsentMessage).execute();
  },
};

/** A message whose copy is kept: every message has a text body until the retention sweep clears it (Store.clearSentCopies). */
export const copyKept = sql<boolean>`text_body <> ''`;

/**
 * A sent message whose copy (bodies, attachments, headers) is still kept:
 * what the retention sweep clears once RETENTION_SENT_MAIL_DAYS have passed.
 * Written out, like unsentMessage, so both databases match it to the partial
 * index below.
 */
export const keptSentCopy = sql<boolean>`status = 'sent' and ${copyKept}`;

/**
 * The sent messages whose copies are still kept, by when they were sent: the
 * retention sweep finds the expired ones without reading every message's body.
 * Registered in server/migrations.ts.
 */
export const outboxSentCopiesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex("outbox_sent_copies").on("outbox").column("sent_at").where(keptSentCopy).execute();
  },
};
