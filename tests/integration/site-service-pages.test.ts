import { describe, expect, it } from "vitest";
import { cardName, metricName, serviceWordsValuesOf, wordsName } from "#app/content/service-words-form.ts";
import { specServiceWords } from "#app/content/service-words.ts";
import { companyProfilePdf } from "#app/forms/company-profile-pdf.ts";
import { pdfText } from "#tests/support/pdf-text.ts";
import { useSiteEditors } from "#tests/support/site-editors.ts";

/**
 * The service pages' words as a record the agency edits in the inbox (decision 0052), on the built server:
 * a page's new title and guarantee, a card's new starting-at price and a figure's label of the page's own
 * are on the prepared pages that show them (the service page, /services, the home page) and in the company
 * profile when the save answers; a refused edit stores nothing and keeps what was typed; a reader is refused
 * by the server; an edit previewed by its signed link is seen there only; restoring the first revision
 * brings SPEC.md's words back. On SQLite: the records' store is
 * the other kinds' (tests/integration/site-content.test.ts has both databases).
 */

const google = specServiceWords.pages["google-ads"];
const metaCard = specServiceWords.cards["meta-ads"]!;
const NEW_TITLE = "Google Ads Built Around Your Margins";
const NEW_GUARANTEE = "A ROAS you can measure within 45 days, or the next month is on us.";
const NEW_FROM = "Starting at $2,200/month";
const NEW_LABEL = "Brands grown with us";
const PREVIEWED_TITLE = "Google Ads, Seen Before It Goes Live";

describe("the service pages editor on the built server", () => {
  const site = useSiteEditors("sqlite", "service-pages", ["192.0.2.95", "192.0.2.96"]);
  const { get } = site;
  const save = (changes: Record<string, string>, version = "1") =>
    site.editor.post("/admin/service-pages", { intent: "save", version, ...serviceWordsValuesOf(specServiceWords), ...changes });

  it("refuses an empty title and seven included items, storing nothing and keeping what was typed", async () => {
    const seven = google.included.slice(0, 7).join("\n");
    const refused = await save({ [wordsName("google-ads", "title")]: "", [wordsName("google-ads", "included")]: seven });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Give the title.");
    expect(refused.text).toContain("Give 8 items, one a line: the page shows 8, and this has 7.");
    expect(refused.text).toContain(google.included[6]);
    // Google Ads' part of the form is open on its messages.
    expect(refused.text).toMatch(/<details open=""[^>]*><summary[^>]*>Google Ads/);
    expect(await (await get("/services/google-ads")).text()).toContain(google.title);
    expect((await site.editor.request("/admin/service-pages")).text).toContain("Version 1,");
  });

  it("takes a post past a lead form's 32 KB: SPEC.md's words as a word processor pastes them", async () => {
    // Curly quotes, dashes and no-break spaces: 6 to 9 bytes each in a form post.
    const pasted = Object.fromEntries(
      Object.entries(serviceWordsValuesOf(specServiceWords)).map(([name, text]) => [
        name,
        (text.includes("\n") ? text : `“${text}” –`).replaceAll(" ", "\u00a0").replaceAll("'", "’"),
      ]),
    );
    expect(new URLSearchParams({ intent: "preview", version: "1", ...pasted }).toString().length).toBeGreaterThan(32 * 1024);
    const answer = await site.editor.post("/admin/service-pages", { intent: "preview", version: "1", ...pasted });
    expect(answer.status, answer.text.slice(0, 200)).toBe(200);
    expect(answer.text).toContain("Preview of /services/google-ads");
  });

  it("previews an edit by a signed link before it is saved: the link shows it, the live site does not", async () => {
    const previewed = await site.editor.post("/admin/service-pages", {
      intent: "preview",
      version: "1",
      ...serviceWordsValuesOf(specServiceWords),
      [wordsName("google-ads", "title")]: PREVIEWED_TITLE,
    });
    expect(previewed.status).toBe(200);
    // What was typed is still in the form, to be saved.
    expect(previewed.text).toContain(`value="${PREVIEWED_TITLE}"`);
    const href = /<a href="([^"]+)"[^>]*>Preview of \/services\/google-ads<\/a>/.exec(previewed.text)?.[1];
    expect(href).toBeDefined();
    const link = new URL(href!.replaceAll("&amp;", "&")).pathname;
    const answer = await get(link);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toContain("no-store");
    expect(answer.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const html = await answer.text();
    expect(html).toMatch(new RegExp(`<h1[^>]*>${PREVIEWED_TITLE}</h1>`));
    expect(html).toContain("Preview of an edit not saved yet");
    expect(html).not.toContain("<script");
    // Not live, not saved; a changed link, or a page that does not show the service words, shows nothing.
    expect(await (await get("/services/google-ads")).text()).toContain(google.title);
    expect((await site.editor.request("/admin/service-pages")).text).toContain("Version 1,");
    const token = link.split("/")[3]!;
    expect((await get(link.replace(token, `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`))).status).toBe(404);
    expect((await get(`/preview/site/${token}/pricing`)).status).toBe(404);
    // A reader makes none.
    const refused = await site.reader.post(
      "/admin/service-pages",
      { intent: "preview", version: "1", ...serviceWordsValuesOf(specServiceWords) },
      "/admin",
    );
    expect(refused.status).toBe(403);
  });

  it("shows new words on the prepared pages and in the company profile when the save answers", async () => {
    const saved = await save({
      [wordsName("google-ads", "title")]: NEW_TITLE,
      [wordsName("google-ads", "guarantee")]: NEW_GUARANTEE,
      [cardName("meta-ads", "pricingFrom")]: NEW_FROM,
      [metricName("meta-ads", 3, "label")]: NEW_LABEL,
    });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe("/admin/service-pages?done=save");

    const googlePage = await get("/services/google-ads");
    expect(googlePage.headers.has("etag")).toBe(true);
    const googleHtml = await googlePage.text();
    expect(googleHtml).toMatch(new RegExp(`<h1[^>]*>${NEW_TITLE}</h1>`));
    expect(googleHtml).toContain(NEW_GUARANTEE);
    expect(googleHtml).not.toContain(google.guarantee);
    // The figure keeps its value, under the page's own label.
    expect(await (await get("/services/meta-ads")).text()).toMatch(/>50\+<\/span>.{0,200}>Brands grown with us</);
    for (const path of ["/services", "/"]) {
      const page = await get(path);
      expect(page.headers.has("etag")).toBe(true);
      const html = await page.text();
      expect(html).toContain(NEW_FROM);
      expect(html).not.toContain(metaCard.pricingFrom);
    }
    const profile = pdfText(Buffer.from(await (await get(companyProfilePdf.path)).arrayBuffer()));
    expect(profile).toContain(NEW_FROM);
    expect(profile).toContain("within 45 days");
    expect((await site.editor.request(saved.location!)).text).toContain("Saved: the service pages, their cards on /services");
  });

  it("refuses a reader, by the server, whatever the browser asks", async () => {
    expect((await site.reader.request("/admin/service-pages")).status).toBe(403);
    const posted = await site.reader.post(
      "/admin/service-pages",
      { intent: "save", version: "2", ...serviceWordsValuesOf(specServiceWords) },
      "/admin",
    );
    expect(posted.status).toBe(403);
    expect(await (await get("/services/google-ads")).text()).toContain(NEW_TITLE);
  });

  it("restores SPEC.md's words from the first revision, everywhere", async () => {
    const page = await site.editor.request("/admin/service-pages");
    const first = [...page.text.matchAll(/name="revision" value="(\d+)"/g)].at(-1)![1]!;
    const restored = await site.editor.post("/admin/service-pages", { intent: "restore", revision: first, version: "2" });
    expect(restored.status).toBe(303);
    expect(await (await get("/services/google-ads")).text()).toContain(google.title);
    expect(await (await get("/services")).text()).toContain(metaCard.pricingFrom);
    const profile = pdfText(Buffer.from(await (await get(companyProfilePdf.path)).arrayBuffer()));
    expect(profile).toContain(metaCard.pricingFrom);
    expect(profile).not.toContain(NEW_FROM);
  });
});
