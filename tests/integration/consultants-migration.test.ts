import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { Availability } from "#server/booking/availability.ts";
import { loadConsultants } from "#server/booking/consultants.ts";
import { bookingRules } from "#server/booking/settings.ts";
import { BookingStore } from "#server/booking/store.ts";
import { parseEnv } from "#server/env.ts";
import { databaseKinds, useMigrationDatabase } from "#tests/support/database.ts";

/**
 * A site with calls booked before there were consultants (migration
 * 0013_consultants), on SQLite and PostgreSQL: their claims are kept, as the
 * agency's one time, so no consultant is offered those cells.
 */
const start = new Date("2027-03-02T08:00:00.000Z");

describe.each(databaseKinds)("claims from before consultants on %s", (kind) => {
  const migrated = useMigrationDatabase(kind);

  it("keeps each old claim, held for every consultant until its call is over", async () => {
    const before = await migrated.before("0013");
    const old = before.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const { id } = (await old
      .insertInto("bookings")
      .values({
        name: "Thandi Nkosi",
        email: "thandi@example.co.za",
        mailbox: "thandi@example.co.za",
        company: "Nkosi Logistics",
        slot_start: start,
        slot_end: new Date(start.getTime() + 15 * 60_000),
        status: "confirmed",
        sequence: 0,
        bot_check: "altcha",
        client_address: "203.0.113.7",
        created_at: start,
        updated_at: start,
      })
      .returning("id")
      .executeTakeFirstOrThrow()) as { id: number };
    await old.insertInto("booking_claims").values({ slot_start: start, booking_id: id }).execute();
    await before.close();

    const handle = await migrated.after();
    const store = new BookingStore(handle);
    const claims = await store.claims(start, new Date(start.getTime() + 60 * 60_000));
    expect(claims).toEqual([{ consultant: "", cell: start, bookingId: id }]);
    expect((await store.find(id))?.consultant).toBeNull();

    const rules = bookingRules(parseEnv({ BOOKING_MIN_NOTICE_MINUTES: "0" }));
    const availability = new Availability(loadConsultants(undefined, rules), rules, {
      claims,
      busy: new Map(),
      lastBooked: new Map(),
      unread: new Set(),
    });
    expect(availability.freeAt(start)).toEqual([]);
    expect(availability.freeAt(new Date(start.getTime() + 15 * 60_000)).map((c) => c.id)).toEqual([
      "lindiwe-dlamini",
      "ruan-botha",
      "naledi-mahlangu",
    ]);
  });
});
