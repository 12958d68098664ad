import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type Kysely, sql } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { forms } from "#app/forms/registry.ts";
import { COMMAND_LINE, listAudit } from "#server/audit/audit.ts";
import { forgetPerson } from "#server/admin/forget.ts";
import { addNote } from "#server/admin/lead-changes.ts";
import type { Database } from "#server/db/schema.ts";
import type { LeadOrigin, NewLead } from "#server/forms/lead.ts";
import { parseEnv } from "#server/env.ts";
import { Newsletter } from "#server/newsletter/subscribers.ts";
import { newsletterWebhookEvent } from "#server/webhooks/payload.ts";
import { queueLeadEvent, queueWebhookEvent } from "#server/webhooks/queue.ts";
import { databaseKinds, useSiteDatabase } from "#tests/support/database.ts";
import { deliverOutbox } from "#tests/support/outbox.ts";

/**
 * Forget a person leaves nothing of them: no row in any table, no outbox
 * message (the forget's own included), no .eml file, and no byte of their
 * address or name in the database's files: on SQLite site.db, its WAL and
 * shared memory; on PostgreSQL every tuple, live or dead, on every page of
 * every table, index and TOAST table, read through pageinspect.
 */

const HOST = "www.example.co.za";
const settings = parseEnv({
  SITE_URL: `https://${HOST}`,
  LEAD_WEBHOOK_URL: "https://crm.example.com/hooks",
  LEAD_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 3).toString("base64")}`,
  SLACK_WEBHOOK_URL: "https://hooks.slack.example.com/services/T0",
});
/** What would give her away, lowercased: the address in whatever case she typed it, and her surname. */
const TRACES = ["thandi.nkosi@example.co.za", "nkosi"];
const at = new Date("2026-11-24T08:00:00.000Z");

function origin(landing: string): LeadOrigin {
  const touch = { at: at.toISOString(), landing, referrer: "https://www.google.com", utm: { utm_source: "google" }, clickIds: {} };
  return {
    botCheck: "altcha",
    clientAddress: "198.51.100.7",
    userAgent: "ForgetTest/1.0",
    receivedAt: at,
    attribution: { visit: touch, first: touch, last: touch, marketing: true },
  };
}

function contact(name: string, email: string): NewLead & { table: "form_submissions" } {
  return { table: "form_submissions", row: { form_type: "contact", name, email, company: "Acme", message: `Please call ${name}` } };
}

/** How often each trace occurs in these bytes, in any letter case, as UTF-8 and as UTF-16. */
function tracesIn(bytes: Buffer): Record<string, number> {
  const text = bytes.toString("latin1").toLowerCase();
  const found: Record<string, number> = {};
  for (const trace of TRACES) {
    for (const encoded of [trace, Buffer.from(trace, "utf16le").toString("latin1")]) {
      const count = text.split(encoded).length - 1;
      if (count) found[encoded === trace ? trace : `${trace} (UTF-16)`] = count;
    }
  }
  return found;
}

describe.each(databaseKinds)("Forget a person on %s", (kind) => {
  const site = useSiteDatabase(kind);

  /** Thandi everywhere a person can be: two leads typed in different case, a note, attribution, a confirmed subscription, mail, webhooks, .eml files. */
  async function seed(): Promise<{ mailDir: string; newsletter: Newsletter }> {
    const { handle, db, leads, outbox } = site;
    const newsletter = new Newsletter(handle, Buffer.alloc(32, 5), settings.SITE_URL, (event, trx) =>
      queueWebhookEvent(trx, settings, { table: "newsletter_subscribers", id: event.subscriberId }, newsletterWebhookEvent(event)),
    );
    for (const lead of [contact("Thandi Nkosi", "Thandi.Nkosi@Example.co.za"), contact("Pieter van Wyk", "pieter@example.co.za")]) {
      await leads.saveLead(
        lead,
        origin("/services/google-ads"),
        () => ({
          kind: "Contact",
          replyTo: lead.row.email,
          subject: `New lead: ${lead.row.name}`,
          text: `${lead.row.name} <${lead.row.email}>`,
          html: `<p>${lead.row.name} &lt;${lead.row.email}&gt;</p>`,
        }),
        (trx, leadId) =>
          queueLeadEvent(trx, settings, {
            form: forms.contact,
            lead: { table: "form_submissions", id: leadId },
            row: { id: leadId, ...lead.row },
            receivedAt: at,
            page: "/contact",
          }),
      );
    }
    await newsletter.subscribe({ email: "THANDI.NKOSI@EXAMPLE.CO.ZA", page: "/blog", origin: origin("/blog") });
    const confirmation = await db
      .selectFrom("outbox")
      .select("text_body")
      .where("recipient", "=", "THANDI.NKOSI@EXAMPLE.CO.ZA")
      .executeTakeFirstOrThrow();
    await newsletter.confirm(/\/newsletter\/confirm\/([\w.-]+)/.exec(confirmation.text_body)![1]!, "198.51.100.7");
    const inboxRow = await db.selectFrom("leads").select("id").where("name", "=", "Thandi Nkosi").executeTakeFirstOrThrow();
    await addNote(db, COMMAND_LINE, inboxRow.id, "Thandi Nkosi asked for a call back on thandi.nkosi@example.co.za");

    // The worker delivers everything: the mail as .eml files (no SMTP server), the webhooks to a receiver that takes them.
    const mailDir = await deliverOutbox(outbox, site.test.settings.DATA_DIR, HOST);
    const unsent = await db.selectFrom("outbox").select("id").where("status", "!=", "sent").execute();
    expect(unsent).toEqual([]);
    return { mailDir, newsletter };
  }

  it("leaves no row, message, mail file or byte of them, and keeps everyone else", async () => {
    const { db } = site;
    const { mailDir, newsletter } = await seed();
    const mailOf = (name: string) => readdirSync(mailDir).filter((file) => readFileSync(path.join(mailDir, file), "utf8").includes(name));
    expect(mailOf("Nkosi").length).toBeGreaterThan(0);
    const pietersMail = mailOf("Pieter");
    expect(pietersMail).toHaveLength(1);
    const file = path.join(site.test.settings.DATA_DIR, "site.db");
    if (kind === "sqlite") {
      // As the checkpoint worker does every half second (asked again should it be checkpointing itself):
      // she is in the database file's pages too, not only in the WAL.
      await expect
        .poll(async () => {
          await sql`pragma wal_checkpoint(passive)`.execute(db);
          return tracesIn(readFileSync(file))["thandi.nkosi@example.co.za"] ?? 0;
        })
        .toBeGreaterThan(0);
    }

    const forgetting = { db, mail: { dir: mailDir, host: HOST }, forgetKey: Buffer.alloc(32, 7), purgeDeleted: site.handle.purgeDeleted };
    const result = await forgetPerson(forgetting, COMMAND_LINE, "thandi.nkosi@example.co.za", {
      subscriptionForgotten: (trx, key, now) => newsletter.forgotten(trx, key, now),
    });
    expect(result).toMatchObject({ leads: 2, notes: 1, subscriptions: 1 });

    // The receiver hears that the subscription ended, by the id it was told when it began, not by the address.
    const left = await db.selectFrom("outbox").select(["kind", "text_body"]).where("kind", "=", "newsletter.unsubscribed").execute();
    expect(left).toHaveLength(1);
    expect(JSON.parse(left[0]!.text_body)).toMatchObject({
      data: { id: expect.stringMatching(/^newsletter_subscribers:\d+$/), method: "forgotten" },
    });
    expect(readdirSync(mailDir)).toEqual(pietersMail);
    expect(JSON.stringify(await listAudit(db, 50))).not.toMatch(/nkosi/i);
    expect(await rowsWithTraces(db)).toEqual([]);
    expect(await rowsWithTraces(db, ["pieter"])).not.toEqual([]);

    if (kind === "sqlite") {
      const inFiles = Object.fromEntries(
        [file, `${file}-wal`, `${file}-shm`].filter(existsSync).map((f) => [path.basename(f), tracesIn(readFileSync(f))]),
      );
      expect(inFiles).toEqual({ "site.db": {}, "site.db-wal": {}, "site.db-shm": {} });
      // The search does find a person who is still there.
      const pieter = [file, `${file}-wal`].map(
        (f) => readFileSync(f).toString("latin1").toLowerCase().split("pieter@example.co.za").length - 1,
      );
      expect(pieter[0]! + pieter[1]!).toBeGreaterThan(0);
    } else {
      expect(await tuplesWithTraces(site.test.settings.DATABASE_URL!)).toEqual({});
    }
  });
});

/** Every row of every table of the site's, as text, that holds one of the traces: `table: row`. */
async function rowsWithTraces(db: Kysely<Database>, traces = TRACES): Promise<string[]> {
  const tables = (await db.introspection.getTables()).map((table) => table.name);
  const found: string[] = [];
  for (const table of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    for (const row of rows) {
      const text = JSON.stringify(row).toLowerCase();
      if (traces.some((trace) => text.includes(trace))) found.push(`${table}: ${text}`);
    }
  }
  return found;
}

/**
 * The traces in the tuples, live or dead, on every page of every relation of
 * the site's (tables, their TOAST tables, B-tree indexes), read through
 * pageinspect: what VACUUM must have removed. The bytes of a removed tuple may
 * stay in its page's free space until the page is written again (PostgreSQL
 * has no secure_delete); no query can read them (docs/decisions).
 */
async function tuplesWithTraces(url: string): Promise<Record<string, Record<string, number>>> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    await client.query("CREATE EXTENSION IF NOT EXISTS pageinspect");
    const { rows: relations } = await client.query<{ name: string; kind: string; blocks: number }>(
      `WITH site AS (SELECT oid, reltoastrelid FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind IN ('r', 'i'))
       SELECT c.oid::regclass::text AS name, c.relkind::text AS kind, (pg_relation_size(c.oid) / current_setting('block_size')::int)::int AS blocks
         FROM pg_class c WHERE c.oid IN (SELECT oid FROM site UNION SELECT reltoastrelid FROM site)`,
    );
    const found: Record<string, Record<string, number>> = {};
    for (const { name, kind, blocks } of relations) {
      // An index's first page is its metapage; a heap's line pointer 1 (LP_NORMAL) is a tuple, live or not yet vacuumed.
      for (let block = kind === "i" ? 1 : 0; block < blocks; block++) {
        const tuples =
          kind === "i"
            ? await client.query<{ data: string }>("SELECT data FROM bt_page_items($1, $2)", [name, block])
            : await client.query<{ data: Buffer }>(
                "SELECT t_data AS data FROM heap_page_items(get_raw_page($1, $2)) WHERE lp_flags = 1 AND t_data IS NOT NULL",
                [name, block],
              );
        const bytes = Buffer.concat(
          tuples.rows.map((row) => (typeof row.data === "string" ? Buffer.from(row.data.replaceAll(" ", ""), "hex") : row.data)),
        );
        const traces = tracesIn(bytes);
        if (Object.keys(traces).length) found[`${name} page ${block}`] = traces;
      }
    }
    return found;
  } finally {
    await client.end();
  }
}
