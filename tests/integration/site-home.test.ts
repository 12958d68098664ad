import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { badgeName, badgesValuesOf } from "#app/content/badges-form.ts";
import { REMOVE } from "#app/content/field-map.ts";
import { specCaseStudies } from "#app/content/case-studies.ts";
import { specPartners } from "#app/content/partners.ts";
import { specTeam } from "#app/content/team.ts";
import { specTestimonials } from "#app/content/testimonials.ts";
import { testimonialName, testimonialsValuesOf } from "#app/content/testimonials-form.ts";
import { SAST_OFFSET_MS, sastDay } from "#app/lib/sast.ts";
import { createUser } from "#tests/support/admin-users.ts";
import { createTestDatabase, databaseKinds, type TestDatabase } from "#tests/support/database.ts";
import { InboxBrowser } from "#tests/support/inbox-browser.ts";
import { type RunningServer, startServer } from "#tests/support/server.ts";
import { inRow, NEW_TESTIMONIAL } from "#tests/support/testimonials.ts";

/**
 * The home page's testimonials and partner badges as records the agency edits in the inbox (decision
 * 0052), on the built server. Testimonials: a reorder,
 * a removal and a new one are on the home page as a prepared file when the save answers, and on the free
 * audit page; an edit that would break a card is refused with what was typed kept; a reader is refused by
 * the server; a restore brings SPEC.md's back; one saved for later shows from its time. Badges: a new one first and a colour white text cannot be
 * read on refused. SQLite and PostgreSQL.
 */

const PASSWORD = "a long enough passphrase";
const [thandi, pieter, ayesha] = specTestimonials.home;
const [sipho, lerato] = specTestimonials.freeAudit;
const home = (row: number, key: string) => testimonialName("home", row, key);
const audit = (row: number, key: string) => testimonialName("freeAudit", row, key);
const NEW_QUOTE = NEW_TESTIMONIAL.quote;
const LONG_QUOTE = Array.from({ length: 5 }, () => NEW_QUOTE).join(" ");

/** An instant as the editor's time field takes it: SAST, to the second. */
const sastText = (instant: number) => new Date(instant + SAST_OFFSET_MS).toISOString().slice(0, 19).replace("T", " ");

/** The names as they appear in `html`, in the order they appear, of those given. */
const order = (html: string, names: string[]) =>
  names.filter((name) => html.includes(name)).sort((a, b) => html.indexOf(a) - html.indexOf(b));

describe.each(databaseKinds)("the testimonials editor on the built server (%s)", (kind) => {
  let database: TestDatabase;
  let server: RunningServer;
  let editor: InboxBrowser;
  let reader: InboxBrowser;
  const get = (path: string) => fetch(server.url + path, { headers: { "Accept-Encoding": "br", Accept: "text/html" } });
  const names = [thandi!.name, pieter!.name, ayesha!.name, NEW_TESTIMONIAL.name];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    server = await startServer({ ...database.settings, TRUST_PROXY: "x-forwarded-for" });
    const url = database.settings.DATABASE_URL;
    await createUser(server.dataDir, "quotes-editor@roimedia.co.za", PASSWORD, url, { role: "editor" });
    await createUser(server.dataDir, "quotes-reader@roimedia.co.za", PASSWORD, url, { role: "reader" });
    editor = new InboxBrowser(server.url, "192.0.2.81");
    reader = new InboxBrowser(server.url, "192.0.2.82");
    expect((await editor.signIn("quotes-editor@roimedia.co.za", PASSWORD)).signedIn).toBe(true);
    expect((await reader.signIn("quotes-reader@roimedia.co.za", PASSWORD)).signedIn).toBe(true);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  });

  it("serves the build's pages with what their adopted sections show kept out of the hydration data", async () => {
    // The build renders a page from its small `.data` unless its loaders run again (decision 0052).
    const pages = { "/": thandi!.quote, "/about": specTeam.members[0]!.bio, "/case-studies": specCaseStudies.studies[0]!.problem };
    for (const [path, text] of Object.entries(pages)) {
      // Words that read the same escaped or not, in HTML and in the data's JSON.
      const shown = /[A-Za-z0-9 ,.]{30,}/.exec(text)![0];
      const answer = await get(path);
      expect(answer.headers.has("etag"), `${path} served as the build prepared it`).toBe(true);
      const html = await answer.text();
      const start = html.indexOf("streamController.enqueue");
      expect(start, path).toBeGreaterThan(-1);
      expect(html.slice(0, start), path).toContain(shown);
      expect(html.slice(start), path).not.toContain(shown);
    }
  });

  it("serves a reorder, a removal and a new testimonial on the home page as a prepared file when the save answers", async () => {
    expect(order(await (await get("/")).text(), names)).toEqual([thandi!.name, pieter!.name, ayesha!.name]);
    const saved = await editor.post("/admin/testimonials", {
      intent: "save",
      version: "1",
      ...testimonialsValuesOf(specTestimonials),
      [home(2, "position")]: "1",
      [home(0, "position")]: "3",
      [home(1, REMOVE)]: "on",
      ...inRow((key) => home(3, key), { ...NEW_TESTIMONIAL, position: "2" }),
      // Lerato first on the free audit page, and so in the home page's free-audit block.
      [audit(1, "position")]: "1",
      [audit(0, "position")]: "2",
    });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe("/admin/testimonials?done=save");

    const answer = await get("/");
    expect(answer.headers.has("etag")).toBe(true);
    expect(answer.headers.get("content-security-policy")).not.toMatch(/nonce-/);
    const html = await answer.text();
    expect(order(html, names)).toEqual([ayesha!.name, NEW_TESTIMONIAL.name, thandi!.name]);
    expect(html).toContain(NEW_QUOTE);
    expect(html).toContain("Dlamini Interiors");
    expect(html).toContain(lerato!.quote);
    expect(html).not.toContain(sipho!.quote);
    // In the document once, as HTML: the hydration data leaves them out; a client navigation's data has them.
    expect(html.slice(html.indexOf("streamController.enqueue"))).not.toContain(NEW_QUOTE);
    expect(await (await get("/_.data")).text()).toContain(NEW_QUOTE);

    const freeAudit = await (await get("/free-audit")).text();
    expect(order(freeAudit, [sipho!.name, lerato!.name])).toEqual([lerato!.name, sipho!.name]);
    expect(/<url><loc>[^<]*\/<\/loc>(.*?)<\/url>/.exec(await (await get("/sitemap.xml")).text())?.[1]).toBe(
      `<lastmod>${sastDay(new Date())}</lastmod>`,
    );
    const page = await editor.request(saved.location!);
    expect(page.text).toContain("Saved: the home page and the free audit page show them now.");
  });

  it("refuses a testimonial without a name or with an over-long quote, keeping what was typed", async () => {
    const refused = await editor.post("/admin/testimonials", {
      intent: "save",
      version: "2",
      ...testimonialsValuesOf(specTestimonials),
      [home(0, "name")]: "",
      [home(1, "quote")]: LONG_QUOTE,
      [home(2, "results")]: "Typed and kept",
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Give the name.");
    expect(refused.text).toContain(`Quote is ${LONG_QUOTE.length} characters: keep it to 320, as the page&#x27;s card holds.`);
    expect(refused.text).toContain('value="Typed and kept"');
    expect(order(await (await get("/")).text(), names)).toEqual([ayesha!.name, NEW_TESTIMONIAL.name, thandi!.name]);
  });

  it("refuses a reader, by the server, whatever the browser asks", async () => {
    expect((await reader.request("/admin/testimonials")).status).toBe(403);
    const posted = await reader.post(
      "/admin/testimonials",
      { intent: "save", version: "2", ...testimonialsValuesOf(specTestimonials) },
      "/admin",
    );
    expect(posted.status).toBe(403);
    expect(order(await (await get("/")).text(), names)).toEqual([ayesha!.name, NEW_TESTIMONIAL.name, thandi!.name]);
  });

  it("restores SPEC.md's testimonials from the first revision", async () => {
    const page = await editor.request("/admin/testimonials");
    const first = [...page.text.matchAll(/name="revision" value="(\d+)"/g)].at(-1)![1]!;
    const restored = await editor.post("/admin/testimonials", { intent: "restore", revision: first, version: "2" });
    expect(restored.status).toBe(303);
    const html = await (await get("/")).text();
    expect(order(html, names)).toEqual([thandi!.name, pieter!.name, ayesha!.name]);
    expect(html).toContain(sipho!.quote);
  });

  it("shows a testimonial saved for later from its time, as the prepared home page, with no save then", async () => {
    // To the second, as the field takes it; a few seconds ahead, for the test (the agency gives a day).
    const showsFrom = Math.ceil((Date.now() + 5000) / 1000) * 1000;
    const saved = await editor.post("/admin/testimonials", {
      intent: "save",
      version: "3",
      ...testimonialsValuesOf(specTestimonials),
      ...inRow((key) => home(3, key), { ...NEW_TESTIMONIAL, position: "1", showsFrom: sastText(showsFrom) }),
    });
    expect(saved.status).toBe(303);
    const before = await get("/");
    expect(before.headers.has("etag")).toBe(true);
    expect(order(await before.text(), names)).toEqual([thandi!.name, pieter!.name, ayesha!.name]);
    // The first answer that shows it is the prepared file: rendered ahead, put in place at its time.
    const firstShowing = async () => {
      for (;;) {
        const answer = await get("/");
        const shown = order(await answer.text(), names);
        if (shown[0] === NEW_TESTIMONIAL.name) return { shown, prepared: answer.headers.has("etag"), at: Date.now() };
        expect(Date.now() - showsFrom).toBeLessThan(15_000);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const first = await firstShowing();
    expect(first.shown).toEqual([NEW_TESTIMONIAL.name, thandi!.name, pieter!.name]);
    expect(first.prepared).toBe(true);
    expect(first.at).toBeGreaterThanOrEqual(showsFrom);
  });

  it("shows a new partner badge first on the prepared home page, and refuses a badge colour too light for its text", async () => {
    const badge = (row: number, key: string) => badgeName("badges", row, key);
    const added = specPartners.badges.length;
    const refused = await editor.post("/admin/badges", {
      intent: "save",
      version: "1",
      ...badgesValuesOf(specPartners),
      [badge(0, "colour")]: "#facc15",
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("White text on #facc15 reads at 1.5:1, under 4.5:1: choose a darker colour.");
    const saved = await editor.post("/admin/badges", {
      intent: "save",
      version: "1",
      ...badgesValuesOf(specPartners),
      ...inRow((key) => badge(added, key), { position: "1", name: "TikTok Partner", text: "Marketing Partner", colour: "#111827" }),
    });
    expect(saved.status).toBe(303);
    const answer = await get("/");
    expect(answer.headers.has("etag")).toBe(true);
    const html = await answer.text();
    expect(order(html, ["TikTok Partner", specPartners.badges[0]!.name])).toEqual(["TikTok Partner", specPartners.badges[0]!.name]);
    expect(html).toContain("background-color:#111827");
    expect((await reader.post("/admin/badges", { intent: "save", version: "2", ...badgesValuesOf(specPartners) }, "/admin")).status).toBe(
      403,
    );
  });
});
