import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Webhooks and Slack messages wait in the outbox beside the mail
 * (docs/decisions/0016): a message gains its channel (every earlier one is
 * mail) and, for a webhook, the id it is signed and sent with on every try.
 * Shipped as 0006_webhooks: never edit it, add a migration.
 */
export const webhooksMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("outbox")
      .addColumn("channel", "text", (c) => c.notNull().defaultTo("mail"))
      .execute();
    await db.schema.alterTable("outbox").addColumn("webhook_id", "text").execute();
  },
};
