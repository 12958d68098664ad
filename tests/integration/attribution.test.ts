import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { botFields } from "#app/forms/bot-fields.ts";
import { ATTRIBUTION_FIELD } from "#app/lib/attribution.ts";
import { readSiteDb } from "#tests/support/database.ts";
import { enhanced, type Fields, formTokenAged, postLead, postPage, solveAltcha } from "#tests/support/leads.ts";
import { type RunningServer, startServer } from "#tests/support/server.ts";

// What a lead post's attribution does on the server: stored with the lead, its channel on the inbox row,
// and hostile values cleaned or dropped without ever costing the lead.

const HMAC_KEY = randomBytes(32).toString("hex");
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ ALTCHA_HMAC_KEY: HMAC_KEY, ALTCHA_COST: "20", TRUST_PROXY: "x-forwarded-for" });
});
afterAll(async () => {
  await server?.stop();
});

let addressCounter = 0;
const visitor = () => ({ "x-forwarded-for": `198.51.100.${++addressCounter}`, "user-agent": "AttributionTest/1.0" });

const contact = (email: string): Fields => ({
  name: "Thandi Nkosi",
  email,
  company: "Nkosi Logistics",
  website: "nkosi.co.za",
  budget: "6.5k-12.4k",
  service: "google-ads",
  message: "Which of our campaigns works?",
});

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

interface TouchRow {
  touch: string;
  landing_page: string;
  referrer: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  click_ids: string | null;
}

function touchesOf(email: string): TouchRow[] {
  return readSiteDb<TouchRow>(
    server.dataDir,
    `SELECT a.* FROM lead_attributions a JOIN form_submissions f ON a.lead_table = 'form_submissions' AND a.lead_id = f.id
     WHERE f.email = ? ORDER BY a.touch`,
    email,
  );
}

const channelOf = (email: string) =>
  readSiteDb<{ source: string; medium: string; campaign: string | null }>(
    server.dataDir,
    "SELECT source, medium, campaign FROM leads WHERE email = ?",
    email,
  )[0];

async function postWith(email: string, attribution: unknown) {
  const raw = typeof attribution === "string" ? attribution : JSON.stringify(attribution);
  const fields = { ...contact(email), ...enhanced(await solveAltcha(server)), [ATTRIBUTION_FIELD]: raw };
  return postLead(server, "/contact", fields, visitor());
}

describe("attribution with a lead", () => {
  it("stores the visit and its first and latest campaign touches, and the lead's channel on the inbox row", async () => {
    const campaign = {
      at: hoursAgo(2),
      landing: "/services/google-ads",
      referrer: "https://www.google.com",
      utm: { utm_source: "google", utm_medium: "cpc", utm_campaign: "brand", utm_term: "ppc agency" },
      clickIds: { gclid: "EAIaIQobChMI-test_1" },
    };
    const first = {
      at: hoursAgo(24 * 30),
      landing: "/blog",
      referrer: null,
      utm: { utm_source: "linkedin", utm_medium: "social" },
      clickIds: {},
    };
    const visit = { ...campaign, utm: {}, clickIds: {} };
    const answer = await postWith("campaign@example.co.za", { visit, first, last: campaign, marketing: true });
    expect(answer.result.ok).toBe(true);

    const touches = touchesOf("campaign@example.co.za");
    expect(touches.map((t) => t.touch)).toEqual(["first", "last", "visit"]);
    expect(touches[1]).toMatchObject({
      landing_page: "/services/google-ads",
      referrer: "https://www.google.com",
      utm_source: "google",
      utm_medium: "cpc",
      utm_campaign: "brand",
      utm_term: "ppc agency",
    });
    expect(JSON.parse(touches[1]!.click_ids!)).toEqual({ gclid: "EAIaIQobChMI-test_1" });
    expect(touches[0]).toMatchObject({ utm_source: "linkedin", click_ids: null });
    expect(channelOf("campaign@example.co.za")).toEqual({ source: "google", medium: "cpc", campaign: "brand" });

    // The same touches from a visitor who did not allow marketing: no click id is kept, whatever the post says.
    await postWith("no-consent@example.co.za", { visit, first, last: campaign, marketing: false });
    expect(touchesOf("no-consent@example.co.za").map((t) => t.click_ids)).toEqual([null, null, null]);
    expect(touchesOf("no-consent@example.co.za")[1]).toMatchObject({ utm_source: "google", utm_campaign: "brand" });
  });

  it("a visit without campaign parameters counts for its referrer, or as direct", async () => {
    const visit = (referrer: string | null) => ({ visit: { at: hoursAgo(0), landing: "/pricing", referrer, utm: {}, clickIds: {} } });
    await postWith("organic@example.co.za", visit("https://www.bing.com"));
    await postWith("referral@example.co.za", visit("https://partner.example.org"));
    await postWith("direct@example.co.za", visit(null));
    expect(channelOf("organic@example.co.za")).toEqual({ source: "bing.com", medium: "organic", campaign: null });
    expect(channelOf("referral@example.co.za")).toEqual({ source: "partner.example.org", medium: "referral", campaign: null });
    expect(channelOf("direct@example.co.za")).toEqual({ source: "(direct)", medium: "(none)", campaign: null });
  });

  it("hostile or broken values are cleaned or dropped, and the lead is stored all the same", async () => {
    const hostile = {
      visit: {
        at: hoursAgo(1),
        landing: "/contact <script>alert(1)</script>",
        referrer: "javascript:alert(1)",
        utm: { utm_source: `<img src=x onerror=alert(1)>\u0000${"x".repeat(500)}`, utm_medium: 42, utm_evil: "no" },
        clickIds: { gclid: 'abc"><script>', fbclid: "ok-id_1", tracker: "no" },
      },
      // Older than the 90 days a touch is kept: dropped.
      first: { at: hoursAgo(24 * 91), landing: "/", referrer: null, utm: { utm_source: "old" }, clickIds: {} },
      last: "not a touch",
      marketing: true,
    };
    expect((await postWith("hostile@example.co.za", hostile)).result.ok).toBe(true);
    const [visit, ...others] = touchesOf("hostile@example.co.za");
    expect(others).toEqual([]);
    expect(visit!.landing_page).toBe("/");
    expect(visit!.referrer).toBeNull();
    expect(visit!.utm_source).toBe(`<img src=x onerror=alert(1)>${"x".repeat(150 - "<img src=x onerror=alert(1)>".length)}`);
    expect(visit!.utm_medium).toBeNull();
    expect(JSON.parse(visit!.click_ids!)).toEqual({ fbclid: "ok-id_1" });

    for (const [email, raw] of [
      ["notjson@example.co.za", "{not json"],
      ["huge@example.co.za", JSON.stringify({ visit: { at: hoursAgo(0), landing: "/", utm: { utm_source: "y".repeat(5000) } } })],
    ] as const) {
      expect((await postWith(email, raw)).result.ok).toBe(true);
      expect(touchesOf(email)).toEqual([]);
      expect(channelOf(email)).toEqual({ source: "(unknown)", medium: "(unknown)", campaign: null });
    }
  });

  it("a post without JavaScript carries what the server saw: the form page's campaign parameters and referrer, no click ids", async () => {
    const page = await fetch(`${server.url}/contact?utm_source=newsletter&utm_medium=email&utm_campaign=november&gclid=secret-id`, {
      headers: { referer: "https://mail.example.net/inbox/123" },
    });
    const html = await page.text();
    const hidden = new RegExp(`name="${ATTRIBUTION_FIELD}" value="([^"]*)"`).exec(html)?.[1];
    expect(hidden, "the form page renders the attribution field").toBeDefined();
    const raw = hidden!.replaceAll("&quot;", '"').replaceAll("&amp;", "&");
    expect(raw).not.toContain("secret-id");

    const fields = { ...contact("nojs@example.co.za"), [botFields.formToken]: formTokenAged(HMAC_KEY, 5000), [ATTRIBUTION_FIELD]: raw };
    const answer = await postPage(server, "/contact", fields, visitor());
    expect(answer.status).toBe(200);
    const touches = touchesOf("nojs@example.co.za");
    expect(touches.map((t) => t.touch)).toEqual(["first", "last", "visit"]);
    expect(touches[2]).toMatchObject({
      landing_page: "/contact",
      referrer: "https://mail.example.net",
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "november",
      click_ids: null,
    });
    expect(channelOf("nojs@example.co.za")).toEqual({ source: "newsletter", medium: "email", campaign: "november" });
  });
});
