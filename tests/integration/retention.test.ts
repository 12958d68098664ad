import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { newsletterRules } from "#app/forms/newsletter.ts";
import { COMMAND_LINE, listAudit, recordAudit } from "#server/audit/audit.ts";
import { leadDetail } from "#server/admin/lead-detail.ts";
import { resendNotification } from "#server/admin/lead-changes.ts";
import type { LeadOrigin } from "#server/forms/lead.ts";
import { parseEnv } from "#server/env.ts";
import { Newsletter } from "#server/newsletter/subscribers.ts";
import { mailFilesOfSite } from "#server/outbox/mail-files.ts";
import { retention } from "#server/retention.ts";
import { databaseKinds, useSiteDatabase } from "#tests/support/database.ts";
import { deliverOutbox } from "#tests/support/outbox.ts";

/**
 * What the site keeps no longer than it needs, with the clock moved forward
 * rather than waited for: copies of delivered messages, unconfirmed newsletter
 * signups and the audit log, each after its own period.
 */

const DAY = 86_400_000;
const settings = parseEnv({ SITE_URL: "https://www.example.co.za" });
const HOST = "www.example.co.za";
/** A phrase only the lead's notification holds: its copy in the outbox and in the .eml file. */
const COPY = "Notified: call Thandi back about Sandton";

describe.each(databaseKinds)("retention on %s", (kind) => {
  const site = useSiteDatabase(kind);

  it("clears sent copies, deletes expired signups and old audit entries, each after its period, and keeps the leads", async () => {
    const { handle, db, leads, outbox } = site;
    const dataDir = site.test.settings.DATA_DIR;
    const newsletter = new Newsletter(handle, Buffer.alloc(32, 5), settings.SITE_URL);
    const sweeper = retention({
      settings,
      database: handle,
      outbox,
      mail: mailFilesOfSite({ ...settings, DATA_DIR: dataDir }),
    });
    const origin: LeadOrigin = {
      botCheck: "altcha",
      clientAddress: "198.51.100.7",
      userAgent: "RetentionTest/1.0",
      receivedAt: new Date(),
    };
    const touch = {
      at: origin.receivedAt.toISOString(),
      landing: "/blog",
      referrer: null,
      utm: { utm_source: "newsletter" },
      clickIds: {},
    };

    await leads.saveLead(
      {
        table: "form_submissions",
        row: { form_type: "contact", name: "Thandi Nkosi", email: "thandi@example.co.za", message: "A quote, please" },
      },
      origin,
      () => ({ kind: "Contact", replyTo: "thandi@example.co.za", subject: "New lead: Thandi Nkosi", text: COPY, html: `<p>${COPY}</p>` }),
    );
    await newsletter.subscribe({
      email: "stranger@example.co.za",
      page: "/blog",
      origin: { ...origin, attribution: { visit: touch, first: touch, last: touch, marketing: false } },
    });
    const mailDir = await deliverOutbox(outbox, dataDir, HOST);
    expect(readdirSync(mailDir)).toHaveLength(3);
    // Every period counts from here, when everything has been sent.
    const now = new Date();
    await recordAudit(db, COMMAND_LINE, { action: "note", detail: "two years and a day ago" }, new Date(now.getTime() - 731 * DAY));
    await recordAudit(db, COMMAND_LINE, { action: "note", detail: "today" }, now);
    const inboxRow = await db.selectFrom("leads").select("id").where("name", "=", "Thandi Nkosi").executeTakeFirstOrThrow();

    // After the signup's link has expired: it goes with its lead row, attribution and two mails; the rest stays.
    expect(await sweeper.sweep(new Date(now.getTime() + newsletterRules.confirmDays * DAY))).toEqual({
      sentCopies: 0,
      mailFiles: 2,
      expiredSignups: 1,
      auditEntries: 1,
    });
    expect(await db.selectFrom("newsletter_subscribers").select("id").execute()).toEqual([]);
    expect(await db.selectFrom("lead_attributions").select("id").execute()).toEqual([]);
    expect((await db.selectFrom("leads").select("name").execute()).map((row) => row.name)).toEqual(["Thandi Nkosi"]);
    expect(readdirSync(mailDir).map((name) => readFileSync(path.join(mailDir, name), "utf8"))).toEqual([expect.stringContaining(COPY)]);
    expect((await listAudit(db, 10)).map((entry) => entry.detail)).toEqual(["today"]);
    expect((await leadDetail(db, inboxRow.id))?.canResend).toBe(true);

    // A day short of RETENTION_SENT_MAIL_DAYS the copy is kept; on the day, cleared, and the record of its delivery kept.
    const sentDays = settings.RETENTION_SENT_MAIL_DAYS;
    expect(await sweeper.sweep(new Date(now.getTime() + (sentDays - 1) * DAY))).toMatchObject({ sentCopies: 0, mailFiles: 0 });
    expect(await sweeper.sweep(new Date(now.getTime() + sentDays * DAY))).toEqual({
      sentCopies: 1,
      mailFiles: 1,
      expiredSignups: 0,
      auditEntries: 0,
    });
    expect(readdirSync(mailDir)).toEqual([]);
    const messages = await db.selectFrom("outbox").select(["kind", "subject", "text_body", "html_body", "reply_to", "status"]).execute();
    expect(messages).toEqual([{ kind: "Contact", subject: "Contact", text_body: "", html_body: "", reply_to: null, status: "sent" }]);
    const lead = await leadDetail(db, inboxRow.id);
    expect(lead).toMatchObject({ name: "Thandi Nkosi", canResend: false, notifications: [{ kind: "Contact", status: "sent" }] });
    expect(await resendNotification(db, COMMAND_LINE, inboxRow.id)).toBe("no-notification");
    if (kind === "sqlite") {
      const file = path.join(dataDir, "site.db");
      const bytes = Buffer.concat([readFileSync(file), readFileSync(`${file}-wal`)]).toString("latin1");
      expect(bytes.includes(COPY)).toBe(false);
    }
  });
});
