import { type CreateTableBuilder, type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { columnTypes, type Dialect } from "#server/db/dialect.ts";

/** SPEC.md section 3. Shipped as 0001_leads: never edit it, add a migration. */
export function leadsMigration(dialect: Dialect): Migration {
  const { time, id } = columnTypes(dialect);
  const leadOrigin = <N extends string, C extends string>(table: CreateTableBuilder<N, C>) =>
    table
      .addColumn("bot_check", "text", (c) => c.notNull())
      .addColumn("client_address", "text", (c) => c.notNull())
      .addColumn("user_agent", "text")
      .addColumn("created_at", time, (c) => c.notNull());

  return {
    async up(db: Kysely<unknown>) {
      await leadOrigin(
        db.schema
          .createTable("form_submissions")
          .addColumn("id", "integer", id)
          .addColumn("form_type", "text", (c) => c.notNull())
          .addColumn("name", "text", (c) => c.notNull())
          .addColumn("email", "text", (c) => c.notNull())
          .addColumn("company", "text")
          .addColumn("website", "text")
          .addColumn("budget", "text")
          .addColumn("service", "text")
          .addColumn("platform", "text")
          .addColumn("message", "text"),
      ).execute();
      await db.schema.createIndex("form_submissions_type_created").on("form_submissions").columns(["form_type", "created_at"]).execute();

      await leadOrigin(
        db.schema
          .createTable("company_profile_leads")
          .addColumn("id", "integer", id)
          .addColumn("name", "text", (c) => c.notNull())
          .addColumn("email", "text", (c) => c.notNull())
          .addColumn("company", "text")
          .addColumn("phone", "text"),
      ).execute();

      await leadOrigin(
        db.schema
          .createTable("service_orders")
          .addColumn("id", "integer", id)
          .addColumn("name", "text", (c) => c.notNull())
          .addColumn("email", "text", (c) => c.notNull())
          .addColumn("phone", "text", (c) => c.notNull())
          .addColumn("company", "text", (c) => c.notNull())
          .addColumn("website", "text")
          .addColumn("service", "text", (c) => c.notNull())
          .addColumn("tier", "text", (c) => c.notNull())
          .addColumn("additional_services", "text", (c) => c.notNull().defaultTo("[]"))
          .addColumn("industry", "text", (c) => c.notNull())
          .addColumn("current_marketing", "text")
          .addColumn("monthly_budget", "text", (c) => c.notNull())
          .addColumn("goals", "text", (c) => c.notNull())
          .addColumn("start_date", "text", (c) => c.notNull())
          .addColumn("team_size", "text")
          .addColumn("current_challenges", "text")
          .addColumn("additional_info", "text"),
      ).execute();

      await db.schema
        .createTable("outbox")
        .addColumn("id", "integer", id)
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("lead_table", "text", (c) => c.notNull())
        .addColumn("lead_id", "integer", (c) => c.notNull())
        .addColumn("reply_to", "text")
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("text_body", "text", (c) => c.notNull())
        .addColumn("html_body", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('queued', 'retrying', 'sent', 'failed')`))
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("next_attempt_at", time, (c) => c.notNull())
        .addColumn("locked_until", time)
        .addColumn("locked_by", "text")
        .addColumn("last_error", "text")
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("sent_at", time)
        .execute();
      await db.schema.createIndex("outbox_due").on("outbox").columns(["status", "next_attempt_at"]).execute();
      await db.schema.createIndex("outbox_lead").on("outbox").columns(["lead_table", "lead_id"]).execute();

      await db.schema
        .createTable("rate_limits")
        .addColumn("form_key", "text", (c) => c.notNull())
        .addColumn("client_address", "text", (c) => c.notNull())
        .addColumn("window_start", time, (c) => c.notNull())
        .addColumn("count", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("rate_limits_pk", ["form_key", "client_address"])
        .execute();
      await db.schema.createIndex("rate_limits_window").on("rate_limits").column("window_start").execute();

      await db.schema
        .createTable("spent_challenges")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("expires_at", time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("spent_challenges_expiry").on("spent_challenges").column("expires_at").execute();
    },
  };
}
