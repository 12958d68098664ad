import { describe, expect, it } from "vitest";
import { BookingStore, type NewBooking } from "../../server/booking/store";
import type { DatabaseHandle } from "../../server/db/connect";
import type { LeadOrigin } from "../../server/db/store";
import { databaseKinds, useSiteDatabase } from "../support/database";

const start = new Date("2027-03-02T08:00:00Z");
const end = new Date("2027-03-02T08:15:00Z");
const booking: NewBooking = {
  name: "Lindiwe Sibiya",
  email: "lindiwe@example.co.za",
  company: "Sibiya Foods",
  phone: null,
  website: null,
  message: null,
  start,
  end,
};
const origin: LeadOrigin = { botCheck: "altcha", clientAddress: "198.51.100.7", userAgent: null, receivedAt: new Date() };

describe.each(databaseKinds)("bookings on %s", (kind) => {
  const site = useSiteDatabase(kind);

  /** The store over a handle that counts the writes made durable (on disk before they are answered). */
  function observed(): { store: BookingStore; durable: () => number } {
    let durable = 0;
    const handle: DatabaseHandle = {
      ...site.handle,
      durableTransaction: (work) => {
        durable++;
        return site.handle.durableTransaction(work);
      },
    };
    return { store: new BookingStore(handle), durable: () => durable };
  }

  it("books, moves and cancels as a lead is written: each answered only once it is on disk", async () => {
    const { store, durable } = observed();
    const booked = await store.book(booking, [start], origin, () => []);
    expect(booked.ok).toBe(true);
    expect(durable()).toBe(1);
    // The same slot again: refused, and nothing of it kept.
    expect(await store.book({ ...booking, email: "second@example.co.za" }, [start], origin, () => [])).toEqual({
      ok: false,
      reason: "taken",
    });
    const id = booked.ok ? booked.booking.id : 0;
    const later = new Date("2027-03-02T09:00:00Z");
    const moved = await store.reschedule(
      id,
      0,
      { start: later, end: new Date("2027-03-02T09:15:00Z"), cells: [later] },
      new Date(),
      () => [],
    );
    expect(moved.ok).toBe(true);
    expect((await store.cancel(id, 1, new Date(), () => [])).ok).toBe(true);
    expect(durable()).toBe(4);
    expect((await store.find(id))?.status).toBe("cancelled");
    expect(await store.claimedCells(start, new Date("2027-03-03T00:00:00Z"))).toEqual([]);
  });
});
