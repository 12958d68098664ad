import { describe, expect, it } from "vitest";
import type { Attribution, Touch } from "#app/lib/attribution.ts";
import { forgetPerson } from "#server/admin/forget.ts";
import { exportRows, EXPORT_COLUMNS } from "#server/admin/lead-export.ts";
import { everyLead, parseFilter } from "#server/admin/filter.ts";
import { leadDetail } from "#server/admin/lead-detail.ts";
import { listLeads } from "#server/admin/lead-list.ts";
import { setStatus } from "#server/admin/lead-changes.ts";
import { COMMAND_LINE } from "#server/audit/audit.ts";
import { clickConversionRows, enhancedConversionRows, hashedEmail, hashedPhone } from "#server/attribution/conversions.ts";
import { leadReport, reportRows } from "#server/attribution/report.ts";
import type { NewLead } from "#server/forms/lead.ts";
import { allRows } from "#tests/support/csv.ts";
import { databaseKinds, useSiteDatabase } from "#tests/support/database.ts";

/**
 * Attribution's data layer on SQLite and, with TEST_DATABASE_URL, PostgreSQL:
 * touches stored with the lead, the channel on the inbox row and its filter,
 * the CSV's columns, the weekly report, the Google Ads files and forgetting.
 */

const notice = () => ({ kind: "Contact", replyTo: null, subject: "Lead", text: "text", html: "<p>html</p>" });
const lead = (name: string, email: string, phone: string | null = null): NewLead => ({
  table: "company_profile_leads",
  row: { name, email, company: "Acme", phone },
});
const touch = (at: string, over: Partial<Touch> = {}): Touch => ({ at, landing: "/", referrer: null, utm: {}, clickIds: {}, ...over });
const origin = (at: Date, attribution: Attribution | null) => ({
  botCheck: "altcha" as const,
  clientAddress: "198.51.100.1",
  userAgent: "AttributionStore/1.0",
  receivedAt: at,
  attribution,
});

describe.each(databaseKinds)("attribution data on %s", (kind) => {
  const site = useSiteDatabase(kind);
  const db = () => site.db;

  // Monday 16 and Monday 23 November 2026, SAST.
  const week1 = new Date("2026-11-17T08:00:00Z");
  const week2 = new Date("2026-11-24T08:00:00Z");

  async function seed() {
    const ad = touch(week1.toISOString(), {
      landing: "/services/google-ads",
      referrer: "https://www.google.com",
      utm: { utm_source: "google", utm_medium: "cpc", utm_campaign: "brand" },
      clickIds: { gclid: "GCLID-1" },
    });
    await site.leads.saveLead(
      lead("Ad Visitor", "Ad.Visitor@Gmail.com", "082 555 0101"),
      origin(week1, { visit: ad, first: ad, last: ad, marketing: true }),
      notice,
    );
    const refused = { ...ad, clickIds: {} };
    await site.leads.saveLead(
      lead("Refused", "refused@example.co.za"),
      origin(week2, { visit: refused, first: refused, last: refused, marketing: false }),
      notice,
    );
    const organic = touch(week2.toISOString(), { landing: "/blog", referrer: "https://www.bing.com" });
    await site.leads.saveLead(
      lead("Reader", "reader@example.co.za"),
      origin(week2, { visit: organic, first: null, last: null, marketing: true }),
      notice,
    );
    await site.leads.saveLead(lead("Old", "old@example.co.za"), origin(week2, null), notice);
    const ids = Object.fromEntries((await db().selectFrom("leads").select(["id", "name"]).execute()).map((row) => [row.name, row.id]));
    return ids as Record<"Ad Visitor" | "Refused" | "Reader" | "Old", number>;
  }

  it("stores the touches with the lead, shows them, filters and exports by channel", async () => {
    const ids = await seed();
    const listed = await listLeads(db(), everyLead);
    expect(listed.leads.map((l) => [l.name, l.channel, l.campaign])).toEqual([
      ["Old", "(unknown) / (unknown)", null],
      ["Reader", "bing.com / organic", null],
      ["Refused", "google / cpc", "brand"],
      ["Ad Visitor", "google / cpc", "brand"],
    ]);
    const google = await listLeads(db(), parseFilter(new URLSearchParams("source=Google&medium=cpc&campaign=brand")));
    expect(google.leads.map((l) => l.name)).toEqual(["Refused", "Ad Visitor"]);

    const detail = await leadDetail(db(), ids["Ad Visitor"]);
    expect(detail?.touches.map((t) => t.title)).toEqual(["First campaign visit", "Latest campaign visit", "The visit that sent it"]);
    expect(detail?.touches[1]?.fields).toContainEqual({ label: "Click ids", value: "gclid=GCLID-1" });

    const exported: string[][] = [];
    for await (const row of exportRows(db(), everyLead)) exported.push(row);
    const cell = (row: string[], column: string) => row[EXPORT_COLUMNS.indexOf(column)];
    const ad = exported.find((row) => cell(row, "Name") === "Ad Visitor")!;
    expect([cell(ad, "Source"), cell(ad, "Campaign"), cell(ad, "Landing page"), cell(ad, "Click ids")]).toEqual([
      "google",
      "brand",
      "/services/google-ads",
      "gclid=GCLID-1",
    ]);
  });

  it("reports leads per SAST week by channel and by form, and the top campaigns and landing pages", async () => {
    await seed();
    const report = await leadReport(db(), { from: "2026-11-16", to: "2026-11-29" });
    expect(report.weeks).toEqual(["2026-11-16", "2026-11-23"]);
    expect(report.total).toBe(4);
    expect(report.byChannel.map((s) => [s.label, s.counts])).toEqual([
      ["google / cpc", [1, 1]],
      ["(unknown) / (unknown)", [0, 1]],
      ["bing.com / organic", [0, 1]],
    ]);
    expect(report.byForm.map((s) => [s.label, s.counts])).toEqual([["Company profile", [1, 3]]]);
    expect(report.topCampaigns).toEqual([{ campaign: "brand", channel: "google / cpc", leads: 2 }]);
    expect(report.topLandingPages).toEqual([
      { page: "/services/google-ads", leads: 2 },
      { page: "/blog", leads: 1 },
    ]);
    expect(reportRows(report)).toContainEqual(["Leads per week by channel", "2026-11-23", "google / cpc", "1"]);
  });

  it("exports qualified and won leads for Google Ads, only those sent with marketing allowed", async () => {
    const ids = await seed();
    const at = new Date("2026-11-25T10:15:00Z");
    for (const name of ["Ad Visitor", "Refused", "Reader"] as const) await setStatus(db(), COMMAND_LINE, ids[name], "won", at, 1_250_000);
    await setStatus(db(), COMMAND_LINE, ids.Old, "qualified", at);
    expect(await allRows(clickConversionRows(db()))).toEqual([["GCLID-1", "Won lead", "2026-11-25 12:15:00", "12500.00", "ZAR"]]);
    expect(await allRows(enhancedConversionRows(db()))).toEqual([
      [hashedEmail("advisitor@gmail.com"), hashedPhone("+27825550101"), "Won lead", "2026-11-25 12:15:00", "12500.00", "ZAR"],
      [hashedEmail("reader@example.co.za"), "", "Won lead", "2026-11-25 12:15:00", "12500.00", "ZAR"],
    ]);
  });

  it("keeps the largest value a won lead can have (R20 million) on both databases", async () => {
    const ids = await seed();
    expect(await setStatus(db(), COMMAND_LINE, ids.Reader, "won", new Date(), 2_000_000_000)).toBe(true);
    expect((await leadDetail(db(), ids.Reader))?.value).toBe("20000000.00");
  });

  it("forgetting a person removes their touches", async () => {
    await seed();
    await forgetPerson(
      {
        db: db(),
        mail: { dir: site.test.settings.DATA_DIR, host: "test" },
        forgetKey: Buffer.alloc(32),
        purgeDeleted: site.handle.purgeDeleted,
      },
      COMMAND_LINE,
      "ad.visitor@gmail.com",
    );
    const left = await db().selectFrom("lead_attributions").select("landing_page").execute();
    expect(left.map((row) => row.landing_page).sort()).toEqual([
      "/blog",
      "/services/google-ads",
      "/services/google-ads",
      "/services/google-ads",
    ]);
  });
});
