import { describe, expect, it } from "vitest";
import { specContact } from "#app/content/contact-details.ts";
import { sourceKey } from "#server/booking/calendar-read.ts";
import { CalendarOutages } from "#server/booking/calendar-outages.ts";
import type { Consultant } from "#server/booking/consultants.ts";
import { openSiteDatabase } from "#server/migrations.ts";
import { databaseKinds, useSiteDatabase } from "#tests/support/database.ts";

/**
 * The outages' start and end as several instances record them at the same
 * moment (server/booking/calendar-outages.ts): each instance has its own
 * connection to the one database, and each mail is queued once.
 */

const naledi: Consultant = {
  id: "naledi-mokoena",
  name: "Naledi Mokoena",
  meetingLink: null,
  email: null,
  hours: [],
  calendars: [{ kind: "caldav", url: "https://dav.example.com/", username: "naledi", password: "pw", calendars: null }],
};
const STALE_MS = 60 * 60_000;

describe.each(databaseKinds)("calendar outages on %s", (kind) => {
  const site = useSiteDatabase(kind);

  it("queues one mail when an outage starts and one when it ends, however many instances record it at once", async () => {
    // Four instances: this handle and three more connections to the same database.
    const others = await Promise.all([1, 2, 3].map(() => openSiteDatabase(site.test.settings)));
    try {
      const instances = [site.handle, ...others].map(
        (handle) =>
          new CalendarOutages(handle, [naledi], { staleMs: STALE_MS, siteUrl: "https://roimedia.co.za", contact: () => specContact }),
      );
      const key = sourceKey(naledi.id, naledi.calendars[0]!);
      const now = new Date();
      await site.db
        .insertInto("calendar_sources")
        .values({
          key,
          consultant: naledi.id,
          label: "CalDAV at dav.example.com",
          checked_at: now,
          ok_at: null,
          failing_since: now,
          error: "the user name or password was refused (HTTP 401)",
          writes_to: null,
        })
        .execute();
      const mails = async () =>
        (
          await site.db.selectFrom("outbox").select(["subject", "text_body"]).where("kind", "=", "Calendar alert").orderBy("id").execute()
        ).map((row) => row.subject);

      for (let round = 0; round < 3; round++) await Promise.all(instances.map((outages) => outages.record(new Date())));
      expect(await mails()).toEqual(["Calendars: no calls are offered with Naledi Mokoena"]);
      expect(await instances[1]!.closed()).toEqual(new Set([naledi.id]));

      await site.db.updateTable("calendar_sources").set({ ok_at: new Date(), failing_since: null, error: null }).execute();
      for (let round = 0; round < 3; round++) await Promise.all(instances.map((outages) => outages.record(new Date())));
      expect(await mails()).toEqual([
        "Calendars: no calls are offered with Naledi Mokoena",
        "Calendars: calls with Naledi Mokoena are offered again",
      ]);
      expect(await instances[2]!.closed()).toEqual(new Set());
      const rows = await site.db.selectFrom("calendar_outages").select(["consultant", "ended_at"]).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.ended_at).not.toBeNull();
    } finally {
      for (const handle of others) await handle.close();
    }
  });
});
