import { describe, expect, it } from "vitest";
import { BookingStore, type NewBooking } from "#server/booking/store.ts";
import type { DatabaseHandle } from "#server/db/connect.ts";
import type { LeadOrigin } from "#server/forms/lead.ts";
import { databaseKinds, useSiteDatabase } from "#tests/support/database.ts";

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
  consultant: "lindiwe-dlamini",
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
      { start: later, end: new Date("2027-03-02T09:15:00Z"), cells: [later], consultant: "lindiwe-dlamini" },
      new Date(),
      () => [],
    );
    expect(moved.ok).toBe(true);
    expect((await store.cancel(id, 1, new Date(), () => [])).ok).toBe(true);
    expect(durable()).toBe(4);
    expect((await store.find(id))?.status).toBe("cancelled");
    expect(await store.claimedCells(start, new Date("2027-03-03T00:00:00Z"))).toEqual([]);
  });

  it("holds a slot once per consultant: another's time at the same moment is free, and round-robin knows who was booked last", async () => {
    const store = new BookingStore(site.handle);
    const first = await store.book(booking, [start], origin, () => []);
    const second = await store.book({ ...booking, email: "second@example.co.za", consultant: "ruan-botha" }, [start], origin, () => []);
    expect([first.ok, second.ok]).toEqual([true, true]);
    expect(await store.book({ ...booking, email: "third@example.co.za", consultant: "ruan-botha" }, [start], origin, () => [])).toEqual({
      ok: false,
      reason: "taken",
    });
    const claims = await store.claims(start, new Date("2027-03-03T00:00:00Z"));
    expect(claims.map((claim) => claim.consultant).sort()).toEqual(["lindiwe-dlamini", "ruan-botha"]);
    expect([...(await store.lastBooked()).keys()].sort()).toEqual(["lindiwe-dlamini", "ruan-botha"]);
  });
});

describe.each(databaseKinds)("calls one mailbox holds on %s", (kind) => {
  const site = useSiteDatabase(kind);
  /** One mailbox, written ten ways. */
  const variants = [
    "Thandi.Nkosi@gmail.com",
    "thandinkosi@gmail.com",
    "thandi.nkosi+calls@gmail.com",
    "THANDINKOSI@googlemail.com",
    " thandi.nkosi+1@GMAIL.com ",
    "t.h.a.n.d.i.n.k.o.s.i@gmail.com",
    "thandinkosi+a+b@googlemail.com",
    "Thandi.Nkosi+x@Gmail.Com",
    "thandi.nkosi+y@gmail.com",
    "thandi.nkosi+z@gmail.com",
  ];
  const slot = (i: number) => new Date(start.getTime() + i * 30 * 60_000);
  /** The i-th address's call, in a slot of its own. */
  const call = (i: number, email = variants[i]!): NewBooking => ({
    ...booking,
    email,
    start: slot(i),
    end: new Date(slot(i).getTime() + 15 * 60_000),
  });
  const book = (store: BookingStore, i: number, at = origin.receivedAt, email?: string) =>
    store.book(call(i, email), [slot(i)], { ...origin, receivedAt: at }, () => []);

  it("books one call for ten addresses of one mailbox sent at once, and refuses the others", async () => {
    const store = new BookingStore(site.handle);
    const answers = await Promise.all(variants.map((_, i) => book(store, i)));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect(answers.filter((answer) => !answer.ok && answer.reason === "mailbox-full")).toHaveLength(9);
    expect(await site.db.selectFrom("bookings").select("mailbox").execute()).toEqual([{ mailbox: "thandinkosi@gmail.com" }]);
    // Another mailbox is not held up by it.
    expect((await book(store, 20, origin.receivedAt, "lindiwe@example.co.za")).ok).toBe(true);
  });

  it("books as many as the agency allows, and again once one is cancelled or over", async () => {
    const store = new BookingStore(site.handle, 2);
    const answers = [];
    for (const i of [0, 1, 2]) answers.push(await book(store, i));
    expect(answers.map((answer) => answer.ok)).toEqual([true, true, false]);
    const [first] = await site.db.selectFrom("bookings").select("id").orderBy("id").execute();
    expect((await store.cancel(first!.id, 0, new Date(), () => [])).ok).toBe(true);
    expect((await book(store, 5)).ok).toBe(true);
    expect(await book(store, 6)).toEqual({ ok: false, reason: "mailbox-full" });
    // Once its calls are over, the mailbox may book again.
    expect((await book(store, 6, slot(9))).ok).toBe(true);
  });
});
