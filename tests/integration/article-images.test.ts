import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mediaImageOf, variantUrl } from "#app/lib/media-images.ts";
import { processUpload } from "#server/articles/images.ts";
import { findImage, readVariant, storeImage } from "#server/articles/images-store.ts";
import { createUser } from "#tests/support/admin-users.ts";
import { articleDraft as draft, type EditorFile, postEditor as postAs } from "#tests/support/editor-posts.ts";
import { databaseKinds, readSiteDb, useSiteDatabase } from "#tests/support/database.ts";
import { InboxBrowser } from "#tests/support/inbox-browser.ts";
import { type RunningServer, startServer } from "#tests/support/server.ts";

/**
 * Images uploaded in the article editor (docs/decisions/0037): posted with the
 * editor's form as a browser without JavaScript posts it, checked by decoding,
 * turned upright, stripped of what the camera wrote, served in the widths and
 * formats a page asks for; refused with a message beside the field, and the
 * typed text kept, when they are no image or too large.
 */

const PASSWORD = "a long enough passphrase";
const EDITOR = "images-editor@roimedia.co.za";

let server: RunningServer;
let editor: InboxBrowser;

/** A photo as a phone leaves it: landscape pixels, an EXIF orientation saying "turn right", its camera and place. */
const phonePhoto = () =>
  sharp({ create: { width: 1600, height: 1000, channels: 3, background: "#3366aa" } })
    .composite([{ input: Buffer.from('<svg width="1600" height="1000"><circle cx="400" cy="300" r="200" fill="#f5c518"/></svg>') }])
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: "PhoneCo", Model: "Camera 9", Copyright: "Somebody" }, IFD3: { GPSLatitudeRef: "S" } })
    .withMetadata({ orientation: 6 })
    .toBuffer();

const postEditor = (path: string, fields: Record<string, string>, file?: EditorFile) => postAs(editor, path, fields, file);

const imagePathOf = (slug: string) =>
  readSiteDb<{ image_path: string | null }>(server.dataDir, "SELECT image_path FROM articles WHERE slug = ?", slug)[0]?.image_path;

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "x-forwarded-for" });
  await createUser(server.dataDir, EDITOR, PASSWORD, undefined, { role: "editor" });
  editor = new InboxBrowser(server.url, "192.0.2.71");
  expect((await editor.signIn(EDITOR, PASSWORD)).signedIn).toBe(true);
});

afterAll(async () => server?.stop());

describe("an image uploaded in the article editor", () => {
  it("is saved with the article, upright, without its metadata, in every width and format the page asks for", async () => {
    const saved = await postEditor("/admin/articles/new", draft("search-budget-chart"), {
      name: "IMG_0042.jpg",
      type: "image/jpeg",
      bytes: await phonePhoto(),
    });
    expect(saved.status, saved.text.slice(0, 300)).toBe(303);
    const path = imagePathOf("search-budget-chart")!;
    const image = mediaImageOf(path);
    // Turned upright by its orientation: 1600 × 1000 as stored, 1000 × 1600 as seen.
    expect(image).toMatchObject({ width: 1000, height: 1600, fallback: "jpg" });

    const page = await editor.request(saved.location!);
    expect(page.text).toContain(
      `<source type="image/avif" srcSet="${variantUrl(image!, 480, "avif")} 480w, ${variantUrl(image!, 800, "avif")} 800w`,
    );
    expect(page.text).toMatch(
      /<img src="\/media\/[0-9a-f]{20}-1000x1600\.jpg" srcSet="[^"]+" sizes="[^"]+" alt="" width="1000" height="1600"/,
    );

    for (const [width, format, type] of [
      [480, "avif", "image/avif"],
      [800, "webp", "image/webp"],
      [1000, "jpg", "image/jpeg"],
    ] as const) {
      const res = await fetch(`${server.url}${variantUrl(image!, width, format)}`);
      expect(res.status, `${width} ${format}`).toBe(200);
      expect(res.headers.get("content-type")).toBe(type);
      expect(res.headers.get("cache-control")).toContain("immutable");
      const served = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect({ width: served.width, height: served.height }).toEqual({ width, height: Math.round((1600 * width) / 1000) });
      expect({ exif: served.exif, orientation: served.orientation, icc: served.icc }).toEqual({
        exif: undefined,
        orientation: undefined,
        icc: undefined,
      });
      const again = await fetch(`${server.url}${variantUrl(image!, width, format)}`, {
        headers: { "if-none-match": res.headers.get("etag")! },
      });
      expect(again.status).toBe(304);
    }
    // The recorded path itself is the largest fallback; nothing is enlarged past the upload's width.
    expect((await fetch(`${server.url}${path}`)).headers.get("content-type")).toBe("image/jpeg");
    expect((await fetch(`${server.url}${variantUrl(image!, 1200, "avif")}`)).status).toBe(404);
  });

  it("refuses a text file named .png and a file over 10 MB beside the field, keeping what was typed", async () => {
    const typed = draft("not-an-image", { title: "Words I typed before the upload" });
    const text = await postEditor("/admin/articles/new", typed, {
      name: "chart.png",
      type: "image/png",
      bytes: new TextEncoder().encode("this is not a picture, only text pretending"),
    });
    expect(text.status).toBe(400);
    expect(text.text).toContain('id="imageFile-error"');
    expect(text.text).toContain("That file is not an image we can read: upload a JPEG, PNG, WebP or AVIF.");
    expect(text.text).toContain('value="Words I typed before the upload"');
    expect(text.text).toContain("Typed with care, not to be lost.");

    const huge = await postEditor("/admin/articles/new", typed, {
      name: "huge.jpg",
      type: "image/jpeg",
      bytes: new Uint8Array(11 * 1024 * 1024).fill(7),
    });
    expect(huge.status).toBe(400);
    expect(huge.text).toContain("That file is over 10 MB");
    expect(huge.text).toContain("Typed with care, not to be lost.");
    expect(imagePathOf("not-an-image")).toBeUndefined();
  });

  it("uploads without saving, and a path no upload made is refused", async () => {
    const photo = await sharp({ create: { width: 600, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const answer = await postEditor("/admin/articles/new", draft("upload-only", { intent: "upload" }), {
      name: "logo.png",
      type: "image/png",
      bytes: photo,
    });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain("Image uploaded");
    // Transparent: its fallback stays a PNG; 600 wide, so 480 and 600.
    expect(answer.text).toMatch(/name="imagePath" value="\/media\/[0-9a-f]{20}-600x400\.png"/);
    expect(imagePathOf("upload-only")).toBeUndefined();

    const made = await postEditor("/admin/articles/new", draft("made-up-path", { imagePath: "/media/0123456789abcdef0123-600x400.png" }));
    expect(made.status).toBe(400);
    expect(made.text).toContain("No image was uploaded at that path");
  });
});

describe.each(databaseKinds)("uploaded images on %s", (kind) => {
  const site = useSiteDatabase(kind);

  it("keeps each upload once under its hash, its variants' bytes as they were made", async () => {
    const processed = await processUpload(
      await sharp({ create: { width: 900, height: 500, channels: 3, background: "#123456" } })
        .jpeg()
        .toBuffer(),
    );
    if (!processed.ok) throw new Error(processed.problem);
    const actor = { userId: null, name: "test" };
    await storeImage(site.db, processed.image, 1234, processed.variants, actor);
    await storeImage(site.db, processed.image, 1234, processed.variants, actor);
    expect(await findImage(site.db, processed.image.hash)).toEqual(processed.image);
    const webp800 = processed.variants.find((v) => v.width === 800 && v.format === "webp")!;
    expect(Buffer.from((await readVariant(site.db, processed.image.hash, 800, "webp"))!)).toEqual(webp800.bytes);
    expect(processed.variants.map((v) => `${v.width}.${v.format}`).toSorted()).toEqual([
      "480.avif",
      "480.jpg",
      "480.webp",
      "800.avif",
      "800.jpg",
      "800.webp",
      "900.avif",
      "900.jpg",
      "900.webp",
    ]);
  });
});
