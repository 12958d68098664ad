import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { columnTypes, type Dialect } from "#server/db/dialect.ts";

export function attributionMigration(dialect: Dialect): Migration {
  const { time, id } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("lead_attributions")
        .addColumn("id", "integer", id)
        .addColumn("lead_table", "text", (c) => c.notNull())
        .addColumn("lead_id", "integer", (c) => c.notNull())
        .addColumn("touch", "text", (c) => c.notNull())
        .addColumn("at", time, (c) => c.notNull())
        .addColumn("landing_page", "text", (c) => c.notNull())
        .addColumn("referrer", "text")
        .addColumn("utm_source", "text")
        .addColumn("utm_medium", "text")
        .addColumn("utm_campaign", "text")
        .addColumn("utm_term", "text")
        .addColumn("utm_content", "text")
        .addColumn("click_ids", "text")
        .addUniqueConstraint("lead_attributions_touch", ["lead_table", "lead_id", "touch"])
        .execute();
      for (const column of ["source", "medium", "campaign"]) {
        await db.schema.alterTable("leads").addColumn(column, "text").execute();
      }
      await db.schema.alterTable("leads").addColumn("value_cents", "integer").execute();
      // Only with consent does Google Ads hear of the lead.
      await db.schema
        .alterTable("leads")
        .addColumn("marketing_consent", "boolean", (c) => c.notNull().defaultTo(false))
        .execute();
      await db.schema.createIndex("leads_source_created").on("leads").columns(["source", "created_at", "id"]).execute();
      await db.schema.createIndex("leads_campaign_created").on("leads").columns(["campaign", "created_at", "id"]).execute();
    },
  };
}
