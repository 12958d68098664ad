import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { specPricing } from "#app/content/pricing.ts";
import { specTestimonials } from "#app/content/testimonials.ts";
import { companyProfilePdf } from "#app/forms/company-profile-pdf.ts";
import { sastDay } from "#app/lib/sast.ts";
import { pricingValuesOf, readPricingPost, tierName } from "#app/content/pricing-form.ts";
import type { Actor } from "#server/audit/audit.ts";
import type { DatabaseHandle } from "#server/db/connect.ts";
import { openSiteDatabase } from "#server/migrations.ts";
import { parsePricing } from "#server/site-content/schema.ts";
import { findContent, listContentRevisions, restoreContent, saveContent, seedContent } from "#server/site-content/store.ts";
import { createUser } from "#tests/support/admin-users.ts";
import { createTestDatabase, databaseKinds, type TestDatabase, useSiteDatabase } from "#tests/support/database.ts";
import { InboxBrowser } from "#tests/support/inbox-browser.ts";
import { type Cluster, startCluster } from "#tests/support/cluster.ts";
import { enhanced, type Fields, postLead, solveAltcha } from "#tests/support/leads.ts";
import { pdfText } from "#tests/support/pdf-text.ts";
import { type RunningServer, startServer } from "#tests/support/server.ts";

/**
 * Pricing as records the agency edits in the inbox (docs/decisions/0052):
 * SPEC.md's pricing written once at the first start, saves over the version
 * opened, revisions and a restore of SPEC.md's words; then the built server:
 * an editor's save is on /pricing and in the service page's JSON-LD as a
 * prepared file when the save answers, a page-breaking edit is refused with
 * what was typed kept, and a reader is refused by the server. SQLite and PostgreSQL.
 */

const EDITOR: Actor = { userId: null, name: "Lindiwe (editor)" };
const SPEC = JSON.stringify(specPricing);
const growth = specPricing.groups[0]!.tiers[1]!;
const NEW_GROWTH_PRICE = "R3,900-6,900";

describe.each(databaseKinds)("pricing records (%s)", (kind) => {
  const site = useSiteDatabase(kind);

  it("are SPEC.md's at the first start, once; a save over an old version is refused; a restore brings SPEC.md's back", async () => {
    await Promise.all([seedContent(site.db, "pricing", SPEC), seedContent(site.db, "pricing", SPEC)]);
    expect(await listContentRevisions(site.db, "pricing")).toMatchObject([{ version: 1, savedBy: "SPEC.md" }]);
    const changed = { ...specPricing, addOns: specPricing.addOns.slice(1) };
    expect(await saveContent(site.db, "pricing", 1, JSON.stringify(changed), EDITOR)).toEqual({ ok: true, version: 2 });
    expect(await saveContent(site.db, "pricing", 1, SPEC, EDITOR)).toMatchObject({
      ok: false,
      problem: "conflict",
      by: EDITOR.name,
      version: 2,
    });
    const [, first] = await listContentRevisions(site.db, "pricing");
    expect(await restoreContent(site.db, "pricing", first!.id, 2, EDITOR)).toEqual({ ok: true, version: 3 });
    const record = await findContent(site.db, "pricing");
    expect(parsePricing(record!.document)).toEqual(parsePricing(SPEC));
    expect((await listContentRevisions(site.db, "pricing")).map((r) => r.action)).toEqual([
      "Restored version 1",
      "Saved",
      "Started with SPEC.md's content",
    ]);
  });
});

const PASSWORD = "a long enough passphrase";

describe.each(databaseKinds)("the pricing editor on the built server (%s)", (kind) => {
  let database: TestDatabase;
  let server: RunningServer;
  let editor: InboxBrowser;
  let reader: InboxBrowser;
  const get = (path: string) => fetch(server.url + path, { headers: { "Accept-Encoding": "br", Accept: "text/html" } });
  const form = () => pricingValuesOf(specPricing);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    server = await startServer({ ...database.settings, TRUST_PROXY: "x-forwarded-for" });
    const url = database.settings.DATABASE_URL;
    await createUser(server.dataDir, "pricing-editor@roimedia.co.za", PASSWORD, url, { role: "editor" });
    await createUser(server.dataDir, "pricing-reader@roimedia.co.za", PASSWORD, url, { role: "reader" });
    editor = new InboxBrowser(server.url, "192.0.2.71");
    reader = new InboxBrowser(server.url, "192.0.2.72");
    expect((await editor.signIn("pricing-editor@roimedia.co.za", PASSWORD)).signedIn).toBe(true);
    expect((await reader.signIn("pricing-reader@roimedia.co.za", PASSWORD)).signedIn).toBe(true);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  });

  it("serves SPEC.md's pricing, then an editor's new Growth price as a prepared file when the save answers", async () => {
    const before = await get("/pricing");
    expect(before.headers.has("etag")).toBe(true);
    const sitemapEntry = async (path: string) =>
      new RegExp(`<url><loc>[^<]*${path}</loc>(.*?)</url>`).exec(await (await get("/sitemap.xml")).text())?.[1];
    expect(await sitemapEntry("/pricing")).toBe("");
    expect(await before.text()).toContain(growth.price);

    const linkedinTiers = async () =>
      /<optgroup label="LinkedIn Ads">(.*?)<\/optgroup>/.exec(await (await get("/get-started")).text())?.[1];
    expect(await linkedinTiers()).toContain('value="Premium"');
    const saved = await editor.post("/admin/pricing", {
      intent: "save",
      version: "1",
      ...form(),
      [tierName(0, 1, "price")]: NEW_GROWTH_PRICE,
      // LinkedIn's Premium tier removed: the order wizard no longer offers it.
      [tierName(2, 2, "remove")]: "on",
      // A fourth Google Ads tier in the blank row: the wizard offers it and an order for it is taken.
      [tierName(0, 3, "name")]: "Scale",
      [tierName(0, 3, "price")]: "R30,000-60,000",
      [tierName(0, 3, "features")]: "Everything in Premium\nTwo strategists",
      [tierName(0, 3, "idealFor")]: "Brands spending over R500k a month",
      [tierName(0, 3, "results")]: "Growth at scale",
    });
    expect(saved.status).toBe(303);

    // Prepared (an ETag, no per-request nonce) before the save answered: no wait.
    const after = await get("/pricing");
    expect(after.headers.has("etag")).toBe(true);
    expect(after.headers.get("content-security-policy")).not.toMatch(/nonce-/);
    const html = await after.text();
    expect(html).toContain(NEW_GROWTH_PRICE);
    expect(html).not.toContain(growth.price);
    // The groups are in the document once, as HTML: its hydration data leaves them out (decision 0026),
    // which keeps /pricing within its first round trip; a client navigation's data brings them.
    const hydrationData = html.slice(html.indexOf("streamController.enqueue"));
    expect(hydrationData).not.toContain(NEW_GROWTH_PRICE);
    expect(await (await get("/pricing.data")).text()).toContain(NEW_GROWTH_PRICE);
    // The Google Ads page's structured data offers the new price.
    const service = await (await get("/services/google-ads")).text();
    expect(service).toMatch(/"name":"Google Ads Growth"[^}]*"minPrice":3900,"maxPrice":6900/);

    expect(await linkedinTiers()).toBe('<option value="Starter">Starter</option><option value="Growth">Growth</option>');
    // The sitemap dates the pages that show the pricing on the day of the save.
    for (const path of ["/pricing", "/services/google-ads"])
      expect(await sitemapEntry(path)).toBe(`<lastmod>${sastDay(new Date())}</lastmod>`);
    expect(await sitemapEntry("/about")).toBe("");
    // The company profile PDF, drawn again in the heavy-work process before the save answered.
    const profile = pdfText(Buffer.from(await (await get(companyProfilePdf.path)).arrayBuffer()));
    expect(profile).toContain(NEW_GROWTH_PRICE);
    expect(profile).toContain("R30,000-60,000");
    expect(profile).not.toContain(growth.price);

    expect(saved.location).toBe("/admin/pricing?done=save");
    const page = await editor.request(saved.location!);
    expect(page.text).toContain("Saved: /pricing, the service pages and the order wizard show it now.");
    expect(page.text).toContain(`value="${NEW_GROWTH_PRICE}"`);
  });

  it("takes an order for a tier added in the editor and refuses one for a tier removed, as the wizard offers them", async () => {
    const order = async (service: string, tier: string, address: string) => {
      const fields: Fields = {
        name: "Pieter van Wyk",
        email: `order-${address}@example.co.za`,
        phone: "+27 82 555 0101",
        company: "Van Wyk Wines",
        service,
        tier,
        industry: "Wine export",
        monthlyBudget: "R 20,000 - R 50,000",
        goals: "Grow export orders by 30%",
        startDate: "Within 1 month",
        ...enhanced(await solveAltcha(server)),
      };
      return (await postLead(server, "/get-started", fields, { "x-forwarded-for": address })).result;
    };
    expect(await (await get("/get-started")).text()).toContain('<option value="Scale">Scale</option>');
    expect(await order("googleAds", "Scale", "198.51.100.81")).toMatchObject({ ok: true, form: "order" });
    expect(await order("linkedinAds", "Premium", "198.51.100.82")).toMatchObject({
      ok: false,
      fieldErrors: { tier: [expect.any(String)] },
    });
  });

  it("refuses a price range the wrong way round, with its message, keeping what was typed", async () => {
    const refused = await editor.post("/admin/pricing", {
      intent: "save",
      version: "2",
      ...form(),
      [tierName(0, 1, "price")]: "R6,000-3,250",
      [tierName(0, 0, "results")]: "Typed and kept",
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("The price runs the wrong way round: put the lower amount first.");
    expect(refused.text).toContain('value="R6,000-3,250"');
    expect(refused.text).toContain('value="Typed and kept"');
    expect(await (await get("/pricing")).text()).toContain(NEW_GROWTH_PRICE);
  });

  it("refuses a reader, by the server, whatever the browser asks", async () => {
    expect((await reader.request("/admin/pricing")).status).toBe(403);
    const posted = await reader.post("/admin/pricing", { intent: "save", version: "2", ...form() }, "/admin");
    expect(posted.status).toBe(403);
    expect(await (await get("/pricing")).text()).toContain(NEW_GROWTH_PRICE);
  });

  it("restores SPEC.md's words from the first revision", async () => {
    const page = await editor.request("/admin/pricing");
    const first = [...page.text.matchAll(/name="revision" value="(\d+)"/g)].at(-1)![1]!;
    const restored = await editor.post("/admin/pricing", { intent: "restore", revision: first, version: "2" });
    expect(restored.status).toBe(303);
    const html = await (await get("/pricing")).text();
    expect(html).toContain(growth.price);
    expect(html).not.toContain(NEW_GROWTH_PRICE);
    const profile = pdfText(Buffer.from(await (await get(companyProfilePdf.path)).arrayBuffer()));
    expect(profile).toContain(growth.price);
    expect(profile).not.toContain(NEW_GROWTH_PRICE);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("a save on two instances (PostgreSQL)", () => {
  let cluster: Cluster;
  let site: { handle: DatabaseHandle; dir: string } | undefined;

  beforeAll(async () => {
    cluster = await startCluster({ count: 2, env: () => ({ ARTICLES_POLL_MS: "500" }) });
    const dir = mkdtempSync(path.join(tmpdir(), "site-content-live-"));
    site = { dir, handle: await openSiteDatabase({ DATA_DIR: dir, DATABASE_URL: cluster.url }) };
  });
  afterAll(async () => {
    await site?.handle.close();
    await cluster?.stop();
    if (site) rmSync(site.dir, { recursive: true, force: true });
  });

  /** Asks each instance for `path` until its prepared file (the only answer with an ETag) `shows`; the instances that never did. */
  async function servedByBoth(path: string, shows: (html: string) => boolean): Promise<{ pending: number[]; ms: number }> {
    const start = performance.now();
    const served = async (i: number) => {
      const answer = await fetch(`${cluster.instances[i]!.url}${path}`, { headers: { "Accept-Encoding": "br" } });
      return answer.headers.has("etag") && shows(await answer.text());
    };
    const pending = new Set([0, 1]);
    while (pending.size && performance.now() - start < 15_000) {
      for (const i of [...pending]) if (await served(i)) pending.delete(i);
      if (pending.size) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return { pending: [...pending], ms: performance.now() - start };
  }

  it("of the pricing is served by both within 5 s as a prepared page", async () => {
    const record = await findContent(site!.handle.db, "pricing");
    const changed = readPricingPost({ ...pricingValuesOf(specPricing), [tierName(0, 1, "price")]: NEW_GROWTH_PRICE }, specPricing);
    expect(changed.ok).toBe(true);
    if (!changed.ok) return;
    expect(await saveContent(site!.handle.db, "pricing", record!.version, JSON.stringify(changed.content), EDITOR)).toMatchObject({
      ok: true,
    });
    const { pending, ms } = await servedByBoth("/pricing", (html) => html.includes(NEW_GROWTH_PRICE));
    expect(pending).toEqual([]);
    expect(ms).toBeLessThan(5000);
  });

  it("of an add-on that shows later: both serve the save without it", async () => {
    const record = await findContent(site!.handle.db, "pricing");
    const current = parsePricing(record!.document)!;
    const addOn = {
      service: "Festive season boost",
      description: "Extra budget management over December.",
      price: "R2,000",
      serviceSlug: "strategy" as const,
      showsFrom: new Date(Date.now() + 3_600_000).toISOString(),
    };
    // With it, a new Growth price: the sign that both instances have the save.
    const groups = current.groups.map((group, g) =>
      g === 0 ? { ...group, tiers: group.tiers.map((tier, t) => (t === 1 ? { ...tier, price: "R4,100-7,100" } : tier)) } : group,
    );
    const saved = JSON.stringify({ groups, addOns: [...current.addOns, addOn] });
    expect(await saveContent(site!.handle.db, "pricing", record!.version, saved, EDITOR)).toMatchObject({ ok: true });
    const { pending } = await servedByBoth("/pricing", (html) => html.includes("R4,100-7,100") && !html.includes(addOn.service));
    expect(pending).toEqual([]);
  });

  it("of the testimonials' order is served by both within 5 s as a prepared home page", async () => {
    const record = await findContent(site!.handle.db, "testimonials");
    const reordered = { ...specTestimonials, home: [...specTestimonials.home].reverse() };
    expect(await saveContent(site!.handle.db, "testimonials", record!.version, JSON.stringify(reordered), EDITOR)).toMatchObject({
      ok: true,
    });
    const [first, , last] = specTestimonials.home;
    const { pending, ms } = await servedByBoth("/", (html) => html.indexOf(last!.quote) < html.indexOf(first!.quote));
    expect(pending).toEqual([]);
    expect(ms).toBeLessThan(5000);
  });
});
