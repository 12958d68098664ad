import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { leadStatuses } from "#app/lib/inbox.ts";
import { addNote, setStatus } from "#server/admin/lead-changes.ts";
import { createUser } from "#server/admin/users.ts";
import { LeadStore } from "#server/leads/store.ts";
import { databaseKinds, useMigrationDatabase } from "#tests/support/database.ts";

/**
 * Migration 0015_call_outcomes widens the leads table's status check for
 * No-show. On PostgreSQL it swaps the constraint; on SQLite it rebuilds the
 * table: a site's leads, their notes and the triggers that fill the table must
 * come through whole.
 */
const at = new Date("2026-11-20T08:00:00.000Z");
const origin = { botCheck: "altcha" as const, clientAddress: "198.51.100.1", userAgent: "MigrationTest/1.0", receivedAt: at };
const notice = (id: number) => ({ kind: "Contact", replyTo: null, subject: `Lead ${id}`, text: "text", html: "<p>html</p>" });
const contact = (name: string) => ({
  table: "form_submissions" as const,
  row: {
    form_type: "contact" as const,
    name,
    email: `${name.split(" ")[0]!.toLowerCase()}@example.co.za`,
    company: "Acme",
    message: "Hello",
  },
});

describe.each(databaseKinds)("the leads table's statuses widened on %s", (kind) => {
  const migrated = useMigrationDatabase(kind);

  it("keeps every lead, note and trigger, and takes No-show after it", async () => {
    const before = await migrated.before("0015");
    if (kind === "postgres") {
      // The check as it stood before No-show.
      const old = leadStatuses.filter((s) => s.key !== "no-show").map((s) => `'${s.key}'`);
      await sql
        .raw(
          `alter table leads drop constraint leads_status_check, add constraint leads_status_check check (status in (${old.join(", ")}))`,
        )
        .execute(before.db);
    }
    await new LeadStore(before).saveLead(contact("Thandi Nkosi"), origin, notice);
    const user = await createUser(before.db, "agent@roimedia.co.za", "a long enough passphrase", { role: "editor" });
    const actor = { userId: user.id, name: user.email };
    const { id } = await before.db.selectFrom("leads").select("id").executeTakeFirstOrThrow();
    expect(await setStatus(before.db, actor, id, "contacted")).toBe(true);
    expect(await addNote(before.db, actor, id, "Wants a proposal")).toBe(true);
    await before.close();

    const handle = await migrated.after();
    const { db } = handle;
    expect(await db.selectFrom("leads").select(["id", "name", "status"]).execute()).toEqual([
      { id, name: "Thandi Nkosi", status: "contacted" },
    ]);
    expect(await db.selectFrom("lead_notes").select(["lead_id", "body"]).execute()).toEqual([{ lead_id: id, body: "Wants a proposal" }]);
    expect(await setStatus(db, actor, id, "no-show")).toBe(true);
    expect((await db.selectFrom("leads").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status).toBe("no-show");
    await expect(sql`update leads set status = 'maybe' where id = ${id}`.execute(db), "the check still holds").rejects.toThrow();

    // The triggers still fill the table: a new lead appears, a forgotten one goes.
    const { leadId } = await new LeadStore(handle).saveLead(contact("Pieter van Wyk"), origin, notice);
    expect((await db.selectFrom("leads").select("name").orderBy("id").execute()).map((l) => l.name)).toEqual([
      "Thandi Nkosi",
      "Pieter van Wyk",
    ]);
    await db.deleteFrom("form_submissions").where("id", "=", leadId).execute();
    expect((await db.selectFrom("leads").select("name").execute()).map((l) => l.name)).toEqual(["Thandi Nkosi"]);
  });
});
