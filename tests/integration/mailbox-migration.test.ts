import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { Newsletter } from "#server/newsletter/subscribers.ts";
import { databaseKinds, useMigrationDatabase } from "#tests/support/database.ts";

/**
 * A site whose subscribers and bookings were written before mailboxes
 * counted (migrations 0010 and 0011), on SQLite and PostgreSQL: addresses of
 * one mailbox that had rows of their own keep them, and every later signup
 * of the mailbox finds the one that holds it.
 */

const at = new Date("2026-11-24T08:00:00.000Z");
const signup = {
  status: "pending",
  signed_up_at: at,
  signup_page: "/blog",
  consent_text: "Yes, send me the newsletter.",
  signup_address: "203.0.113.7",
  bot_check: "altcha",
  confirmation_sent_at: at,
  confirmations_sent: 1,
};

describe.each(databaseKinds)("mailboxes of rows from before on %s", (kind) => {
  const migrated = useMigrationDatabase(kind);

  it("gives each row its mailbox, the address typed as the mailbox holding it, and signups find that one", async () => {
    const before = await migrated.before("0010");
    const old = before.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    for (const email of ["A.B+news@gmail.com", "ab@gmail.com", "a.b@googlemail.com", "lerato@example.co.za"]) {
      await old
        .insertInto("newsletter_subscribers")
        .values({ ...signup, email, email_key: email.toLowerCase() })
        .execute();
    }
    await old
      .insertInto("bookings")
      .values({
        name: "Thandi Nkosi",
        email: "Thandi.Nkosi+call@gmail.com",
        company: "Nkosi Logistics",
        slot_start: at,
        slot_end: at,
        status: "confirmed",
        sequence: 0,
        bot_check: "altcha",
        client_address: "203.0.113.7",
        created_at: at,
        updated_at: at,
      })
      .execute();
    await before.close();

    const handle = await migrated.after();
    const db = handle.db;
    const mailboxes = () => db.selectFrom("newsletter_subscribers").select(["email", "mailbox"]).orderBy("id").execute();
    expect(await mailboxes()).toEqual([
      { email: "A.B+news@gmail.com", mailbox: "a.b+news@gmail.com" },
      { email: "ab@gmail.com", mailbox: "ab@gmail.com" },
      { email: "a.b@googlemail.com", mailbox: "a.b@googlemail.com" },
      { email: "lerato@example.co.za", mailbox: "lerato@example.co.za" },
    ]);
    expect(await db.selectFrom("bookings").select("mailbox").execute()).toEqual([{ mailbox: "thandinkosi@gmail.com" }]);

    const newsletter = new Newsletter(handle, Buffer.alloc(32, 9), "https://www.example.co.za");
    const origin = { botCheck: "altcha" as const, clientAddress: "203.0.113.8", userAgent: null, receivedAt: at };
    const subscribe = (email: string) => newsletter.subscribe({ email, page: "/blog", origin });
    // Within the hour of the signups above: nothing new, nothing mailed, whichever form is typed.
    for (const email of ["a.b@gmail.com", "A.B+news@gmail.com", "a.b@googlemail.com", "ab+x@googlemail.com"]) {
      expect(await subscribe(email), email).toBe("unchanged");
    }
    expect(await mailboxes()).toHaveLength(4);
    expect(await db.selectFrom("outbox").select("id").execute()).toEqual([]);
  });
});
