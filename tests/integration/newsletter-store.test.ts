import type { Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { newsletterRules } from "#app/forms/newsletter.ts";
import { COMMAND_LINE } from "#server/audit/audit.ts";
import { forgetPerson } from "#server/admin/forget.ts";
import type { Database } from "#server/db/schema.ts";
import type { DatabaseHandle } from "#server/db/connect.ts";
import type { LeadOrigin } from "#server/forms/lead.ts";
import { openSiteDatabase } from "#server/migrations.ts";
import type { NewsletterEvent } from "#server/newsletter/events.ts";
import { CONFIRMATION_KIND } from "#server/newsletter/mail.ts";
import { expireSignups } from "#server/newsletter/expiry.ts";
import { subscriberCounts } from "#server/newsletter/inbox.ts";
import { Newsletter } from "#server/newsletter/subscribers.ts";
import { createTestDatabase, databaseKinds, type TestDatabase } from "#tests/support/database.ts";

/**
 * The newsletter's rules on SQLite and PostgreSQL, with the clock passed in:
 * one subscriber per address, the confirmation re-sent at most hourly and a
 * few times in all, links that name one subscriber, expiry, leaving, forgetting,
 * and the events the lead webhook will carry.
 */

const SITE = "https://www.example.co.za";
const SECRET = Buffer.alloc(32, 9);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = new Date("2026-11-24T08:00:00.000Z");
const after = (ms: number) => new Date(T0.getTime() + ms);
const origin = (at = T0): LeadOrigin => ({ botCheck: "altcha", clientAddress: "203.0.113.7", userAgent: "test", receivedAt: at });

describe.each(databaseKinds)("newsletter subscribers on %s", (kind) => {
  let handle: DatabaseHandle | undefined;
  let database: TestDatabase | undefined;
  const events: NewsletterEvent[] = [];

  async function open(): Promise<{ newsletter: Newsletter; db: Kysely<Database>; handle: DatabaseHandle }> {
    database = await createTestDatabase(kind);
    handle = await openSiteDatabase(database.settings);
    const newsletter = new Newsletter(handle, SECRET, SITE, async (event, trx) => {
      // Written in the change's own transaction, as a webhook's outbox message would be.
      await trx.selectFrom("newsletter_subscribers").select("id").where("id", "=", event.subscriberId).executeTakeFirstOrThrow();
      events.push(event);
    });
    return { newsletter, db: handle.db, handle };
  }

  afterEach(async () => {
    await handle?.close();
    await database?.dispose();
    handle = database = undefined;
    events.length = 0;
  });

  const confirmationsTo = (db: Kysely<Database>, email: string) =>
    db.selectFrom("outbox").select(["text_body", "headers"]).where("kind", "=", CONFIRMATION_KIND).where("recipient", "=", email).execute();
  const linkIn = (text: string, kind: "confirm" | "unsubscribe") => new RegExp(`/newsletter/${kind}/([\\w.-]+)`).exec(text)![1]!;

  it("keeps one subscriber per address, re-sends the link at most hourly and a few times in all", async () => {
    const { newsletter, db } = await open();
    const email = "thandi@example.co.za";
    const signup = (at: Date, typed = email) => newsletter.subscribe({ email: typed, page: "/blog", origin: origin(at) });

    expect(await signup(T0)).toBe("new");
    expect(await signup(after(59 * 60_000), " Thandi@Example.co.za".trim())).toBe("unchanged");
    expect(await signup(after(HOUR))).toBe("resent");
    expect(await signup(after(2 * HOUR))).toBe("resent");
    // The cap: however long the stranger keeps trying, no more mail for this signup.
    expect(await signup(after(3 * HOUR))).toBe("unchanged");
    expect(newsletterRules.mailsPerSignup).toBe(3);
    expect(await confirmationsTo(db, email)).toHaveLength(3);
    expect(await db.selectFrom("newsletter_subscribers").select("email").execute()).toEqual([{ email }]);
    // The lead row and the agency's notification came once, with the first signup.
    expect(await db.selectFrom("form_submissions").select("form_type").execute()).toEqual([{ form_type: "newsletter" }]);

    // Every mail to a subscriber carries the RFC 8058 headers.
    const [first] = await confirmationsTo(db, email);
    expect(JSON.parse(first!.headers!)).toEqual({
      "List-Unsubscribe": `<${SITE}/newsletter/unsubscribe/${linkIn(first!.text_body, "unsubscribe")}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("confirms only from a link signed for that subscriber, within its days, and never mails from it", async () => {
    const { newsletter, db } = await open();
    await newsletter.subscribe({ email: "a@example.co.za", page: "/blog", origin: origin() });
    await newsletter.subscribe({ email: "b@example.co.za", page: "/blog", origin: origin() });
    const [mail] = await confirmationsTo(db, "a@example.co.za");
    const token = linkIn(mail!.text_body, "confirm");
    const [id, expires, signature] = token.split(".");
    const otherId = (
      await db.selectFrom("newsletter_subscribers").select("id").where("email", "=", "b@example.co.za").executeTakeFirstOrThrow()
    ).id;

    // Another subscriber's id, a later expiry, a changed signature: not links of ours.
    expect(await newsletter.confirm(`${otherId}.${expires}.${signature}`, "198.51.100.1", after(HOUR))).toEqual({ state: "invalid" });
    expect(await newsletter.confirm(`${id}.${Number(expires) + 1}.${signature}`, "198.51.100.1", after(HOUR))).toEqual({
      state: "invalid",
    });
    expect(await newsletter.confirm(`${id}.${expires}.${"A".repeat(43)}`, "198.51.100.1", after(HOUR))).toEqual({ state: "invalid" });
    // Past its days it has expired.
    expect(await newsletter.confirmLink(token, after(newsletterRules.confirmDays * DAY))).toEqual({ state: "expired" });

    const outboxBefore = (await db.selectFrom("outbox").select("id").execute()).length;
    expect(await newsletter.confirm(token, "198.51.100.1", after(HOUR))).toMatchObject({ state: "confirmed", changed: true });
    expect(await newsletter.confirm(token, "198.51.100.1", after(2 * HOUR))).toMatchObject({ state: "confirmed" });
    expect((await db.selectFrom("outbox").select("id").execute()).length).toBe(outboxBefore);
    expect(events.map((e) => e.type)).toEqual(["newsletter.subscribed"]);

    const row = await db.selectFrom("newsletter_subscribers").selectAll().where("email", "=", "a@example.co.za").executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: "confirmed",
      confirmed_address: "198.51.100.1",
      signup_page: "/blog",
      signup_address: "203.0.113.7",
    });
    expect(new Date(row.confirmed_at!).toISOString()).toBe(after(HOUR).toISOString());
    // Confirmed: signing up again changes nothing and mails nothing.
    expect(await newsletter.subscribe({ email: "A@example.co.za", page: "/blog", origin: origin(after(DAY)) })).toBe("unchanged");
    expect((await db.selectFrom("outbox").select("id").execute()).length).toBe(outboxBefore);
  });

  it("parallel signups of one address make one subscriber and one mail", async () => {
    const { newsletter, db } = await open();
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () => newsletter.subscribe({ email: "race@example.co.za", page: "/blog", origin: origin() })),
    );
    expect(outcomes.filter((o) => o === "new")).toHaveLength(1);
    expect(await confirmationsTo(db, "race@example.co.za")).toHaveLength(1);
    expect(await db.selectFrom("form_submissions").select("id").execute()).toHaveLength(1);
  });

  it("counts one mailbox as one subscriber however its address is written: one signup, one budget of mail", async () => {
    const { newsletter, db } = await open();
    // Twelve signups an hour apart, tag and dot forms of two inboxes, as a stranger sent them.
    const gmail = [
      "Thandi.Nkosi@gmail.com",
      "thandinkosi+news@gmail.com",
      "THANDI.NKOSI@googlemail.com",
      "t.h.a.n.d.i.nkosi+1@gmail.com",
      "thandinkosi@gmail.com",
      " Thandi.Nkosi+x@Gmail.com ".trim(),
    ];
    const office = [
      "lerato@dlamini.co.za",
      "Lerato+blog@dlamini.co.za",
      "LERATO@Dlamini.co.za",
      "lerato+a@dlamini.co.za",
      "lerato+b@dlamini.co.za",
      "Lerato+c@DLAMINI.CO.ZA",
    ];
    const outcomes: string[][] = [[], []];
    for (let i = 0; i < 6; i++) {
      outcomes[0]!.push(await newsletter.subscribe({ email: gmail[i]!, page: "/blog", origin: origin(after(i * HOUR)) }));
      outcomes[1]!.push(await newsletter.subscribe({ email: office[i]!, page: "/blog", origin: origin(after(i * HOUR)) }));
    }
    const budget = ["new", "resent", "resent", "unchanged", "unchanged", "unchanged"];
    expect(outcomes).toEqual([budget, budget]);
    // Each inbox is mailed three times in all, at the address first typed.
    const confirmations = await db.selectFrom("outbox").select("recipient").where("kind", "=", CONFIRMATION_KIND).execute();
    expect(confirmations.map((m) => m.recipient).sort()).toEqual([
      ...Array(3).fill("Thandi.Nkosi@gmail.com"),
      ...Array(3).fill("lerato@dlamini.co.za"),
    ]);
    expect(await db.selectFrom("newsletter_subscribers").select(["email", "mailbox"]).orderBy("id").execute()).toEqual([
      { email: "Thandi.Nkosi@gmail.com", mailbox: "thandinkosi@gmail.com" },
      { email: "lerato@dlamini.co.za", mailbox: "lerato@dlamini.co.za" },
    ]);
    expect(await db.selectFrom("form_submissions").select("email").orderBy("id").execute()).toEqual([
      { email: "Thandi.Nkosi@gmail.com" },
      { email: "lerato@dlamini.co.za" },
    ]);
  });

  it("parallel signups of one mailbox's addresses make one subscriber and one mail", async () => {
    const { newsletter, db } = await open();
    const addresses = [
      "race@gmail.com",
      "r.a.c.e@gmail.com",
      "race+1@gmail.com",
      "RACE@googlemail.com",
      "ra.ce+2@gmail.com",
      "race+3@googlemail.com",
    ];
    const outcomes = await Promise.all(addresses.map((email) => newsletter.subscribe({ email, page: "/blog", origin: origin() })));
    expect(outcomes.filter((o) => o === "new")).toHaveLength(1);
    expect(await db.selectFrom("outbox").select("id").where("kind", "=", CONFIRMATION_KIND).execute()).toHaveLength(1);
    expect(await db.selectFrom("newsletter_subscribers").select("mailbox").execute()).toEqual([{ mailbox: "race@gmail.com" }]);
  });

  it("leaves with one click, and a later signup asks for consent afresh", async () => {
    const { newsletter, db } = await open();
    const email = "pieter@example.co.za";
    await newsletter.subscribe({ email, page: "/blog", origin: origin() });
    const [mail] = await confirmationsTo(db, email);
    await newsletter.confirm(linkIn(mail!.text_body, "confirm"), "198.51.100.1", after(HOUR));
    const leave = linkIn(mail!.text_body, "unsubscribe");
    expect(await newsletter.leave(leave, "one-click", after(2 * HOUR))).toMatchObject({ state: "left", changed: true });
    expect(await newsletter.leave(leave, "one-click", after(3 * HOUR))).toEqual({ state: "left", email });
    expect(events.map((e) => e.type)).toEqual(["newsletter.subscribed", "newsletter.unsubscribed"]);
    expect(await subscriberCounts(db, after(3 * HOUR))).toEqual({ confirmed: 0, pending: 0, left: 1 });

    // The old confirmation link cannot bring them back; a new signup can, once confirmed from its own mail.
    expect(await newsletter.confirm(linkIn(mail!.text_body, "confirm"), "198.51.100.1", after(4 * HOUR))).toEqual({ state: "left", email });
    expect(await newsletter.subscribe({ email, page: "/blog/quality-score", origin: origin(after(5 * HOUR)) })).toBe("resent");
    const [, second] = await confirmationsTo(db, email);
    expect(await newsletter.confirm(linkIn(mail!.text_body, "confirm"), "198.51.100.1", after(5 * HOUR))).toEqual({ state: "expired" });
    expect(await newsletter.confirm(linkIn(second!.text_body, "confirm"), "198.51.100.1", after(6 * HOUR))).toMatchObject({
      state: "confirmed",
    });
    const row = await db.selectFrom("newsletter_subscribers").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "confirmed", signup_page: "/blog/quality-score" });
    expect(await db.selectFrom("form_submissions").select("id").execute()).toHaveLength(1);
  });

  it("deletes a signup not confirmed in time with its lead and mail; the one who had left stays left", async () => {
    const { newsletter, db, handle } = await open();
    await newsletter.subscribe({ email: "never@example.co.za", page: "/blog", origin: origin() });
    await newsletter.subscribe({ email: "kept@example.co.za", page: "/blog", origin: origin() });
    const [kept] = await confirmationsTo(db, "kept@example.co.za");
    await newsletter.confirm(linkIn(kept!.text_body, "confirm"), "198.51.100.1", after(HOUR));
    // One who left, signed up again by someone, and never confirmed: back to having left, not deleted (not mailed again).
    await newsletter.leave(linkIn(kept!.text_body, "unsubscribe"), "page", after(2 * HOUR));
    expect(await newsletter.subscribe({ email: "kept@example.co.za", page: "/blog", origin: origin(after(DAY)) })).toBe("resent");

    expect(await expireSignups(handle, after(newsletterRules.confirmDays * DAY - 1))).toMatchObject({ signups: 0 });
    expect(await subscriberCounts(db, after(newsletterRules.confirmDays * DAY))).toEqual({ confirmed: 0, pending: 1, left: 0 });
    expect(await expireSignups(handle, after(newsletterRules.confirmDays * DAY))).toMatchObject({ signups: 1 });
    expect(await db.selectFrom("newsletter_subscribers").select("email").execute()).toEqual([{ email: "kept@example.co.za" }]);
    expect(await expireSignups(handle, after((newsletterRules.confirmDays + 1) * DAY))).toMatchObject({ signups: 0 });
    expect(await subscriberCounts(db, after((newsletterRules.confirmDays + 1) * DAY))).toEqual({ confirmed: 0, pending: 0, left: 1 });
    const leads = await db.selectFrom("form_submissions").select("email").execute();
    expect(leads).toEqual([{ email: "kept@example.co.za" }]);
    const mail = await db.selectFrom("outbox").select(["recipient", "reply_to"]).execute();
    expect(mail.every((m) => m.recipient !== "never@example.co.za" && m.reply_to !== "never@example.co.za")).toBe(true);
  });

  it("Forget a person removes the subscription and its mail, and a confirmed one's end is an event", async () => {
    const { newsletter, db } = await open();
    await newsletter.subscribe({ email: "Naledi@example.co.za", page: "/blog", origin: origin() });
    const [mail] = await confirmationsTo(db, "Naledi@example.co.za");
    await newsletter.confirm(linkIn(mail!.text_body, "confirm"), "198.51.100.1", after(HOUR));
    const result = await forgetPerson(
      { db, mail: { dir: "/nonexistent", host: "www.example.co.za" }, forgetKey: Buffer.alloc(32, 1), purgeDeleted: handle!.purgeDeleted },
      COMMAND_LINE,
      "naledi@EXAMPLE.co.za",
      {
        subscriptionForgotten: (trx, email, now) => newsletter.forgotten(trx, email, now),
      },
    );
    expect(result).toMatchObject({ leads: 1, messages: 2, subscriptions: 1 });
    expect(await db.selectFrom("newsletter_subscribers").select("id").execute()).toEqual([]);
    expect(await db.selectFrom("outbox").select("id").execute()).toEqual([]);
    expect(events.map((e) => [e.type, "method" in e ? e.method : null])).toEqual([
      ["newsletter.subscribed", null],
      ["newsletter.unsubscribed", "forgotten"],
    ]);
  });
});
