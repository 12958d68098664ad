import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { columnTypes, type Dialect } from "#server/db/dialect.ts";
import { mailboxOf } from "#server/mail/address.ts";
import type { BookingTables } from "#server/db/booking-tables.ts";
import { widenLeadStatuses } from "#server/admin/migration.ts";

/**
 * The booking tables, registered in server/migrations.ts after the lead
 * tables. The outbox gains two nullable columns so one of its messages can go
 * to the visitor (`recipient`; null means the agency as before) and carry the
 * invitation (`attachments`, a JSON list); older messages read as before.
 */
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

/**
 * The mailbox each booking's address reaches (server/mail/address.ts
 * mailboxOf), so the calls one visitor holds are counted however the address
 * is written. Registered in server/migrations.ts.
 */
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
    // What a booking asks: the mailbox's calls that are not over yet.
    await db.schema.createIndex("bookings_mailbox").on("bookings").columns(["mailbox", "slot_end"]).execute();
  },
};

/**
 * Consultants (docs/decisions/0033-consultants-calendars.md): each booking
 * names its consultant, and a claim holds a cell of one consultant's time, so
 * the primary key becomes (consultant, cell). SQLite cannot change a primary
 * key, so the claims table is built anew on both databases. Claims of calls
 * booked before keep the consultant '' (the slot was the agency's, so it stays
 * taken for everyone until those calls are over).
 */
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

/** The busy times read from consultants' calendars, and each calendar's health (docs/decisions/0033-consultants-calendars.md). */
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
      // What /calendar reads: the stretches that start before the horizon's end.
      await db.schema.createIndex("calendar_busy_starts").on("calendar_busy").columns(["starts_at", "ends_at"]).execute();
    },
  };
}

/**
 * What became of each call (held or no-show, marked on /admin/calls), the
 * lead status a no-show sets, and the consultants' private feed addresses,
 * kept as hashes.
 */
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

/**
 * The visitor's own time zone (IANA, from their browser when it ran the form's
 * script), so a call's reminder gives its time on their clock beside SAST.
 * Reminders themselves are outbox messages (channel "reminder", decision 0034).
 * Registered in server/migrations.ts.
 */
export const bookingRemindersMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("bookings").addColumn("time_zone", "text").execute();
  },
};

/**
 * Calendars the agency can trust (docs/decisions/0047-calendars-the-agency-can-trust.md): the calendar each CalDAV
 * account's calls are written into, as last read (`calendar_sources.writes_to`); each stretch in which a consultant
 * was offered for no slot because their calendars were not read (`calendar_outages`, at most one open per
 * consultant: the partial unique index is what lets one instance of several record its start, and mail it, once);
 * and the Google Ads conversions a no-show took back (`conversion_retractions`, gone with their lead).
 */
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
