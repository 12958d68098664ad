import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caseStudyFor, specCaseStudies } from "#app/content/case-studies.ts";
import { caseStudiesValuesOf, caseStudyName } from "#app/content/case-studies-form.ts";
import { REMOVE } from "#app/content/field-map.ts";
import { mediaImageOf } from "#app/lib/media-images.ts";
import { sastDay } from "#app/lib/sast.ts";
import { NOT_AN_IMAGE } from "#server/articles/images.ts";
import { createUser } from "#tests/support/admin-users.ts";
import { createTestDatabase, databaseKinds, type TestDatabase } from "#tests/support/database.ts";
import { type EditorFile, postEditor } from "#tests/support/editor-posts.ts";
import { InboxBrowser } from "#tests/support/inbox-browser.ts";
import { type RunningServer, startServer } from "#tests/support/server.ts";
import { inRow } from "#tests/support/testimonials.ts";

/**
 * Case studies as records the agency edits in the inbox, with an uploaded image (decision 0052), on the
 * built server: a new study with its image is on /case-studies as a prepared file when the save answers,
 * its image served, and first on its service page; a study without its figures, without alt text for its
 * image, a service left without one, a file that is no image are refused and nothing is stored; a reader is
 * refused by the server; a restore brings SPEC.md's back. SQLite and PostgreSQL.
 */

const PASSWORD = "a long enough passphrase";
const study = (row: number, key: string) => caseStudyName("studies", row, key);
const added = specCaseStudies.studies.length;
const googleAds = caseStudyFor("google-ads");
/** Text as React writes it in HTML. */
const escaped = (text: string) => text.replaceAll("'", "&#x27;");
/** The message shown beside the field `name` in an editor's page, if any. */
const besideField = (html: string, name: string) =>
  new RegExp(`<p id="${name.replaceAll(".", "\\.")}-error"[^>]*>([^<]*)</p>`).exec(html)?.[1];
const NEW_STUDY = {
  position: "1",
  service: "google-ads",
  client: "Jacaranda Coffee Roasters",
  industry: "Food and drink",
  headline: "Search ads that sold out the Friday roast",
  problem: "Their brand name was the only search they showed up for.",
  solution: "We built Shopping campaigns around the roasts that sell out and bid on the hours people order.",
  resultValue: "+140%",
  resultLabel: "online orders in eight weeks",
  image: "",
  imageAlt: "A bag of coffee beans on a roaster's counter",
};
const newRow = (changes: Record<string, string> = {}) => inRow((key) => study(added, key), { ...NEW_STUDY, ...changes });

/** A small PNG, as the agency's phone or design tool would save one, in the new row's file input. */
const picture = async (row = added, background = "#7c4a1e"): Promise<EditorFile> => ({
  name: "roastery.png",
  type: "image/png",
  field: study(row, "imageFile"),
  bytes: await sharp({ create: { width: 640, height: 360, channels: 3, background } })
    .png()
    .toBuffer(),
});
/** A row's file input left empty, as a browser posts it. */
const noFile = (row: number): EditorFile => ({
  name: "",
  type: "application/octet-stream",
  field: study(row, "imageFile"),
  bytes: new Uint8Array(),
});

describe.each(databaseKinds)("the case studies editor on the built server (%s)", (kind) => {
  let database: TestDatabase;
  let server: RunningServer;
  let editor: InboxBrowser;
  let reader: InboxBrowser;
  const get = (path: string) => fetch(server.url + path, { headers: { "Accept-Encoding": "br", Accept: "text/html" } });
  const save = (fields: Record<string, string>, file?: EditorFile | EditorFile[]) =>
    postEditor(editor, "/admin/case-studies", { intent: "save", ...caseStudiesValuesOf(specCaseStudies), ...fields }, file);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    server = await startServer({ ...database.settings, TRUST_PROXY: "x-forwarded-for" });
    const url = database.settings.DATABASE_URL;
    await createUser(server.dataDir, "stories-editor@roimedia.co.za", PASSWORD, url, { role: "editor" });
    await createUser(server.dataDir, "stories-reader@roimedia.co.za", PASSWORD, url, { role: "reader" });
    editor = new InboxBrowser(server.url, "192.0.2.91");
    reader = new InboxBrowser(server.url, "192.0.2.92");
    expect((await editor.signIn("stories-editor@roimedia.co.za", PASSWORD)).signedIn).toBe(true);
    expect((await reader.signIn("stories-reader@roimedia.co.za", PASSWORD)).signedIn).toBe(true);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  });

  it("refuses a study without its figures, an image without alt text, a service left without one and a file that is no image, storing nothing", async () => {
    const noFigures = await save({ version: "1", ...newRow({ resultValue: "", resultLabel: "" }) });
    expect(noFigures.status).toBe(400);
    expect(besideField(noFigures.text, study(added, "resultValue"))).toMatch(/^A case study needs its figures/);
    expect(noFigures.text).toContain(`value="${NEW_STUDY.client}"`);

    // Every row's input posted, the empty ones first, as a browser does.
    const emptyRows = specCaseStudies.studies.map((_, row) => noFile(row));
    const noAlt = await save({ version: "1", ...newRow({ imageAlt: "" }) }, [...emptyRows, await picture()]);
    expect(noAlt.status).toBe(400);
    expect(besideField(noAlt.text, study(added, "imageAlt"))).toBe(
      escaped("Give the image's alt text: what it shows, for readers who cannot see it."),
    );
    // The upload is kept in its row: saved again with alt text, it is the study's image.
    expect(noAlt.text).toMatch(/name="studies\.8\.image" value="\/media\/[0-9a-f]{20}-640x360\.jpg"/);

    const twoImages = await save({ version: "1", ...newRow() }, [await picture(0, "#1e4a7c"), await picture()]);
    expect(twoImages.status).toBe(400);
    expect(twoImages.text).toMatch(/name="studies\.0\.image" value="\/media\/[0-9a-f]{20}-640x360\.jpg"/);
    expect(besideField(twoImages.text, study(added, "imageFile"))).toBe(
      escaped("One image a save: another row's was uploaded. Choose this one again and save once more."),
    );

    const googleAdsRow = specCaseStudies.studies.indexOf(googleAds);
    const left = await save({ version: "1", [study(googleAdsRow, REMOVE)]: "on" });
    expect(left.status).toBe(400);
    expect(besideField(left.text, study(added, "service"))).toMatch(/^Google Ads has no case study left: each service page shows one\./);

    const notAnImage = await save(
      { version: "1", ...newRow() },
      { name: "roastery.png", type: "image/png", field: study(added, "imageFile"), bytes: new TextEncoder().encode("not a picture") },
    );
    expect(notAnImage.status).toBe(400);
    expect(besideField(notAnImage.text, study(added, "imageFile"))).toBe(escaped(NOT_AN_IMAGE));
    expect(notAnImage.text).toContain(`value="${NEW_STUDY.headline}"`);

    expect((await editor.request("/admin/case-studies")).text).toContain("Version 1,");
    expect(await (await get("/case-studies")).text()).not.toContain(NEW_STUDY.client);
  });

  it("serves a new study with its uploaded image on /case-studies as a prepared file, and first on its service page", async () => {
    const saved = await save({ version: "1", ...newRow() }, await picture());
    expect(saved.status, saved.text.slice(0, 300)).toBe(303);
    expect(saved.location).toBe("/admin/case-studies?done=save");

    const answer = await get("/case-studies");
    expect(answer.headers.has("etag")).toBe(true);
    const html = (await answer.text()).replaceAll("<!-- -->", "");
    expect(html.indexOf(NEW_STUDY.headline)).toBeGreaterThan(0);
    expect(html.indexOf(NEW_STUDY.headline)).toBeLessThan(html.indexOf(escaped(googleAds.headline)));
    const img = /<img src="(\/media\/[0-9a-f]{20}-640x360\.jpg)"[^>]*>/.exec(html);
    expect(img?.[0]).toContain(`alt="${escaped(NEW_STUDY.imageAlt)}" width="640" height="360" loading="lazy"`);
    expect(img?.[0]).toMatch(/srcSet="\/media\/[0-9a-f]{20}-480\.jpg 480w, \/media\/[0-9a-f]{20}-640\.jpg 640w" sizes="/);
    // In the document once, as HTML: the hydration data leaves it out; a client navigation's data has it.
    expect(html.slice(html.indexOf("streamController.enqueue"))).not.toContain(NEW_STUDY.headline);
    expect(await (await get("/case-studies.data")).text()).toContain(NEW_STUDY.headline);
    expect(/<url><loc>[^<]*\/case-studies<\/loc>(.*?)<\/url>/.exec(await (await get("/sitemap.xml")).text())?.[1]).toBe(
      `<lastmod>${sastDay(new Date())}</lastmod>`,
    );
    const image = await fetch(server.url + img![1]!);
    expect(image.status).toBe(200);
    // Without transparency, a photo: its fallback is a JPEG (modern formats for browsers that ask).
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    expect(mediaImageOf(img![1]!)).toMatchObject({ width: 640, height: 360 });

    const service = await (await get("/services/google-ads")).text();
    expect(service).toContain(NEW_STUDY.headline);
    expect(service).not.toContain(escaped(googleAds.headline));
    expect((await editor.request(saved.location!)).text).toContain("Saved: /case-studies and the service pages show them now.");
  });

  it("refuses a reader, by the server", async () => {
    expect((await reader.request("/admin/case-studies")).status).toBe(403);
    const posted = await reader.post(
      "/admin/case-studies",
      { intent: "save", version: "2", ...caseStudiesValuesOf(specCaseStudies), ...newRow({ client: "A reader's client" }) },
      "/admin",
    );
    expect(posted.status).toBe(403);
    expect(await (await get("/case-studies")).text()).not.toContain("A reader");
  });

  it("restores SPEC.md's case studies from the first revision", async () => {
    const page = await editor.request("/admin/case-studies");
    const first = [...page.text.matchAll(/name="revision" value="(\d+)"/g)].at(-1)![1]!;
    const restored = await editor.post("/admin/case-studies", { intent: "restore", revision: first, version: "2" });
    expect(restored.status).toBe(303);
    const html = await (await get("/case-studies")).text();
    expect(html).not.toContain(NEW_STUDY.headline);
    expect(html).not.toContain("<img");
    for (const spec of specCaseStudies.studies) expect(html).toContain(escaped(spec.headline));
    expect(await (await get("/services/google-ads")).text()).toContain(escaped(googleAds.headline));
  });
});
