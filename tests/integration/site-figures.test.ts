import { describe, expect, it } from "vitest";
import { figureName, figuresValuesOf } from "#app/content/figures-form.ts";
import { specFigures } from "#app/content/stats.ts";
import { companyProfilePdf } from "#app/forms/company-profile-pdf.ts";
import { databaseKinds } from "#tests/support/database.ts";
import { pdfText } from "#tests/support/pdf-text.ts";
import { useSiteEditors } from "#tests/support/site-editors.ts";

/**
 * The agency's figures as a record it edits in the inbox (decision 0052), on the built server: a new
 * figure is on every page that shows it, prepared files where prerendered, in the descriptions that
 * repeat it (search and social cards) and in the company profile when the save answers; a refused edit
 * stores nothing and keeps what was typed; a reader is refused by the server. SQLite and PostgreSQL.
 */

const NEW_ROI = "312%";
const NEW_SAVINGS = "R910K";
const NEW_CLIENTS = "60+";
const description = (html: string, tag: string) => new RegExp(`<meta ${tag} content="([^"]*)"`).exec(html)?.[1];

describe.each(databaseKinds)("the figures editor on the built server (%s)", (kind) => {
  const site = useSiteEditors(kind, "figures", ["192.0.2.91", "192.0.2.92"]);
  const { get } = site;

  it("refuses an empty figure and a description pushed past 160 characters, storing nothing", async () => {
    const refused = await site.editor.post("/admin/figures", {
      intent: "save",
      version: "1",
      ...figuresValuesOf(specFigures),
      [figureName("roi", "value")]: "",
      [figureName("retention", "label")]: "Client retention over three years",
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Give the figure.");
    expect(refused.text).toContain('value="Client retention over three years"');
    const again = await site.editor.post("/admin/figures", {
      intent: "save",
      version: "1",
      ...figuresValuesOf(specFigures),
      [figureName("retention", "label")]: "Client retention over three years",
    });
    expect(again.status).toBe(400);
    expect(again.text).toContain("/about&#x27;s description repeats this figure and would be 168 characters");
    const home = await (await get("/")).text();
    expect(home).toContain(`>${specFigures.roi.value}</span>`);
    expect((await site.editor.request("/admin/figures")).text).toContain("Version 1,");
  });

  it("shows a new figure on the prepared pages, in their descriptions and in the company profile when the save answers", async () => {
    const saved = await site.editor.post("/admin/figures", {
      intent: "save",
      version: "1",
      ...figuresValuesOf(specFigures),
      [figureName("roi", "value")]: NEW_ROI,
      [figureName("savingsFound", "value")]: NEW_SAVINGS,
      [figureName("clients", "value")]: NEW_CLIENTS,
    });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe("/admin/figures?done=save");

    const answer = await get("/");
    expect(answer.headers.has("etag")).toBe(true);
    const home = await answer.text();
    expect(home).toContain(`>${NEW_ROI}</span>`);
    expect(home).not.toContain(specFigures.roi.value);
    for (const tag of ['name="description"', 'property="og:description"', 'name="twitter:description"'])
      expect(description(home, tag)).toContain(`${NEW_ROI} average ROI increase for ${NEW_CLIENTS} South African clients`);
    for (const path of ["/about", "/services"]) {
      const page = await get(path);
      expect(page.headers.has("etag")).toBe(true);
      expect(await page.text()).toContain(`>${NEW_ROI}</span>`);
    }
    // A service page that quotes a figure, under its own label.
    const metaAds = await get("/services/meta-ads");
    expect(metaAds.headers.has("etag")).toBe(true);
    expect(await metaAds.text()).toMatch(new RegExp(`>${NEW_CLIENTS.replace("+", "\\+")}</span>.{0,200}>Brands scaled<`));
    const freeAudit = await (await get("/free-audit")).text();
    expect(freeAudit.includes(`>${NEW_SAVINGS}</span>`)).toBe(true);
    expect(freeAudit.includes(`<!-- -->${NEW_SAVINGS}<!-- --> in savings.`)).toBe(true);
    const profile = pdfText(Buffer.from(await (await get(companyProfilePdf.path)).arrayBuffer()));
    expect(profile).toContain(NEW_ROI);
    expect((await site.editor.request(saved.location!)).text).toContain(
      "Saved: the home page, /about, /services, /free-audit, the service pages that quote them",
    );
  });

  it("refuses a reader, by the server, whatever the browser asks", async () => {
    expect((await site.reader.request("/admin/figures")).status).toBe(403);
    const posted = await site.reader.post("/admin/figures", { intent: "save", version: "2", ...figuresValuesOf(specFigures) }, "/admin");
    expect(posted.status).toBe(403);
    expect(await (await get("/")).text()).toContain(`>${NEW_ROI}</span>`);
  });
});
