import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { columnTypes, type Dialect } from "#server/db/dialect.ts";
import { mailboxOf } from "#server/mail/address.ts";
import type { BookingTables } from "#server/db/booking-tables.ts";
import { widenLeadStatuses } from "#server/admin/migration.ts";

// The outbox's `recipient` and `attachments` are nullable, so older messages read as before.
export function bookingMigration(dialect: Dialect): Migration {
  const { time, id } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("bookings")
        .addColumn("id", "integer", id)
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("company", "text", (c) => c.notNull())
        .addColumn("phone", "text")
        .addColumn("website", "text")
        .addColumn("message", "text")
        .addColumn("slot_start", time, (c) => c.notNull())
        .addColumn("slot_end", time, (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('confirmed', 'cancelled')`))
        .addColumn("sequence", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("bot_check", "text", (c) => c.notNull())
        .addColumn("client_address", "text", (c) => c.notNull())
        .addColumn("user_agent", "text")
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("updated_at", time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("bookings_slot").on("bookings").columns(["slot_start", "status"]).execute();
      await db.schema.createIndex("bookings_created").on("bookings").column("created_at").execute();

      await db.schema
        .createTable("booking_claims")
        .addColumn("slot_start", time, (c) => c.primaryKey())
        .addColumn("booking_id", "integer", (c) => c.notNull().references("bookings.id").onDelete("cascade"))
        .execute();
      await db.schema.createIndex("booking_claims_booking").on("booking_claims").column("booking_id").execute();

      await db.schema.alterTable("outbox").addColumn("recipient", "text").execute();
      await db.schema.alterTable("outbox").addColumn("attachments", "text").execute();
    },
  };
}

// Calls one visitor holds are counted however the address is written (docs/decisions/0028).
export const bookingMailboxMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("bookings").addColumn("mailbox", "text").execute();
    const bookings = db as unknown as Kysely<BookingTables>;
    for (const row of await bookings.selectFrom("bookings").select(["id", "email"]).execute()) {
      await bookings
        .updateTable("bookings")
        .set({ mailbox: mailboxOf(row.email) })
        .where("id", "=", row.id)
        .execute();
    }
    await db.schema.createIndex("bookings_mailbox").on("bookings").columns(["mailbox", "slot_end"]).execute();
  },
};

// SQLite cannot change a primary key, so claims are rebuilt on both databases; old claims keep consultant '' (docs/decisions/0033).
export function consultantsMigration(dialect: Dialect): Migration {
  const { time } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("bookings").addColumn("consultant", "text").execute();
      await db.schema.createIndex("bookings_consultant").on("bookings").columns(["consultant", "created_at"]).execute();

      await db.schema.alterTable("booking_claims").renameTo("booking_claims_0012").execute();
      await db.schema.dropIndex("booking_claims_booking").execute();
      await db.schema
        .createTable("booking_claims")
        .addColumn("consultant", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("slot_start", time, (c) => c.notNull())
        .addColumn("booking_id", "integer", (c) => c.notNull().references("bookings.id").onDelete("cascade"))
        .addPrimaryKeyConstraint("booking_claims_cell", ["consultant", "slot_start"])
        .execute();
      await sql`insert into booking_claims (consultant, slot_start, booking_id) select '', slot_start, booking_id from booking_claims_0012`.execute(
        db,
      );
      await db.schema.dropTable("booking_claims_0012").execute();
      await db.schema.createIndex("booking_claims_booking").on("booking_claims").column("booking_id").execute();
    },
  };
}

// docs/decisions/0033-consultants-calendars.md.
export function calendarBusyMigration(dialect: Dialect): Migration {
  const { time } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("calendar_sources")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("consultant", "text", (c) => c.notNull())
        .addColumn("label", "text", (c) => c.notNull())
        .addColumn("checked_at", time, (c) => c.notNull())
        .addColumn("ok_at", time)
        .addColumn("failing_since", time)
        .addColumn("error", "text")
        .execute();
      await db.schema
        .createTable("calendar_busy")
        .addColumn("source", "text", (c) => c.notNull())
        .addColumn("consultant", "text", (c) => c.notNull())
        .addColumn("starts_at", time, (c) => c.notNull())
        .addColumn("ends_at", time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("calendar_busy_source").on("calendar_busy").column("source").execute();
      await db.schema.createIndex("calendar_busy_starts").on("calendar_busy").columns(["starts_at", "ends_at"]).execute();
    },
  };
}

// Feed addresses are kept as hashes.
export function callOutcomesMigration(dialect: Dialect): Migration {
  const { time } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("bookings").addColumn("outcome", "text").execute();
      await db.schema.alterTable("bookings").addColumn("outcome_at", time).execute();
      await db.schema
        .createTable("calendar_feeds")
        .addColumn("consultant", "text", (c) => c.primaryKey())
        .addColumn("secret_hash", "text", (c) => c.notNull().unique())
        .addColumn("created_at", time, (c) => c.notNull())
        .execute();
      await widenLeadStatuses(db, dialect);
    },
  };
}

// Lets a reminder give the call's time on the visitor's clock beside SAST (docs/decisions/0034).
export const bookingRemindersMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("bookings").addColumn("time_zone", "text").execute();
  },
};

// One open outage per consultant: the partial unique index lets one instance of several record it once (docs/decisions/0047).
export function calendarTrustMigration(dialect: Dialect): Migration {
  const { time, id } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("calendar_sources").addColumn("writes_to", "text").execute();
      await db.schema
        .createTable("calendar_outages")
        .addColumn("id", "integer", id)
        .addColumn("consultant", "text", (c) => c.notNull())
        .addColumn("started_at", time, (c) => c.notNull())
        .addColumn("ended_at", time)
        .execute();
      await db.schema
        .createIndex("calendar_outages_open")
        .on("calendar_outages")
        .column("consultant")
        .unique()
        .where(sql.ref("ended_at"), "is", null)
        .execute();
      await db.schema
        .createTable("conversion_retractions")
        .addColumn("id", "integer", id)
        .addColumn("lead_id", "integer", (c) => c.notNull().references("leads.id").onDelete("cascade"))
        .addColumn("conversion", "text", (c) => c.notNull())
        .addColumn("converted_at", time, (c) => c.notNull())
        .addColumn("retracted_at", time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("conversion_retractions_lead").on("conversion_retractions").column("lead_id").execute();
    },
  };
}
