import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { columnTypes, type Dialect } from "../db/dialect.ts";

/**
 * Newsletter subscribers (server/newsletter/), registered in
 * server/migrations.ts as 0005_newsletter_subscribers. The outbox gains a
 * nullable `headers` column (a JSON object) for the List-Unsubscribe headers
 * of mail to a subscriber; older messages read as before.
 */
export function newsletterMigration(dialect: Dialect): Migration {
  const { time, id } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("newsletter_subscribers")
        .addColumn("id", "integer", id)
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("email_key", "text", (c) => c.notNull().unique())
        .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('pending', 'confirmed', 'left')`))
        .addColumn("lead_id", "integer")
        .addColumn("signed_up_at", time, (c) => c.notNull())
        .addColumn("signup_page", "text", (c) => c.notNull())
        .addColumn("consent_text", "text", (c) => c.notNull())
        .addColumn("signup_address", "text", (c) => c.notNull())
        .addColumn("signup_user_agent", "text")
        .addColumn("bot_check", "text", (c) => c.notNull())
        .addColumn("confirmed_at", time)
        .addColumn("confirmed_address", "text")
        .addColumn("confirmation_sent_at", time, (c) => c.notNull())
        .addColumn("confirmations_sent", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("left_at", time)
        .addColumn("left_method", "text")
        .execute();
      // The inbox's lists (one status, newest first) and the sweep of expired signups.
      await db.schema.createIndex("newsletter_subscribers_status").on("newsletter_subscribers").columns(["status", "id"]).execute();
      await db.schema
        .createIndex("newsletter_subscribers_pending")
        .on("newsletter_subscribers")
        .columns(["status", "signed_up_at"])
        .execute();

      await db.schema.alterTable("outbox").addColumn("headers", "text").execute();
    },
  };
}
