import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

// Shipped as 0006_webhooks (docs/decisions/0016): never edit it, add a migration.
export const webhooksMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("outbox")
      .addColumn("channel", "text", (c) => c.notNull().defaultTo("mail"))
      .execute();
    await db.schema.alterTable("outbox").addColumn("webhook_id", "text").execute();
  },
};
