import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { columnTypes, type Dialect } from "#server/db/dialect.ts";
import { mailboxOf } from "#server/mail/address.ts";
import type { NewsletterTables } from "#server/db/newsletter-tables.ts";

// Shipped as 0005_newsletter_subscribers (docs/decisions/0015); outbox `headers` carries List-Unsubscribe.
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

// Earlier rows of one mailbox keep their own address as `mailbox`: their consent and links are their own (docs/decisions/0028).
export const newsletterMailboxMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("newsletter_subscribers").addColumn("mailbox", "text").execute();
    const subscribers = db as unknown as Kysely<NewsletterTables>;
    const rows = await subscribers.selectFrom("newsletter_subscribers").select(["id", "email", "email_key"]).orderBy("id").execute();
    const holders = new Map<string, number>();
    for (const row of rows) if (mailboxOf(row.email) === row.email_key) holders.set(row.email_key, row.id);
    for (const row of rows) {
      const mailbox = mailboxOf(row.email);
      if (!holders.has(mailbox)) holders.set(mailbox, row.id);
      const own = holders.get(mailbox) === row.id ? mailbox : row.email_key;
      await subscribers.updateTable("newsletter_subscribers").set({ mailbox: own }).where("id", "=", row.id).execute();
    }
    await db.schema.createIndex("newsletter_subscribers_mailbox").unique().on("newsletter_subscribers").column("mailbox").execute();
  },
};
