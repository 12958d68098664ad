import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMAND_LINE, listAudit } from "#server/audit/audit.ts";
import { siteSecrets } from "#server/captcha/keys.ts";
import { createPreviewLink, findPreview, previewLinksOf, revokePreviewLink } from "#server/articles/preview.ts";
import { contentOfFile } from "#server/articles/seed.ts";
import { createArticle, saveArticle } from "#server/articles/store.ts";
import type { Database } from "#server/db/schema.ts";
import { signExpiringToken } from "#server/signed-tokens.ts";
import { articles as contentArticles } from "#app/content/blog.server.ts";
import { createUser } from "#tests/support/admin-users.ts";
import { databaseKinds, readSiteDb, useSiteDatabase } from "#tests/support/database.ts";
import { InboxBrowser } from "#tests/support/inbox-browser.ts";
import { type RunningServer, startServer } from "#tests/support/server.ts";

/**
 * Private preview links of articles not yet live (docs/decisions/0040): an
 * editor makes one in the inbox, a client without an account opens it and
 * reads the draft as it will look, never indexed nor kept; a changed link
 * finds nothing, an old one says it expired, and an editor's role is needed
 * to make one. The link's rule also on PostgreSQL.
 */

const PASSWORD = "a long enough passphrase";
const EDITOR = "preview-editor@roimedia.co.za";
const READER = "preview-reader@roimedia.co.za";
const ADMIN = "preview-admin@roimedia.co.za";
const SITE_KEY = randomBytes(32).toString("hex");
const SECRET = siteSecrets(SITE_KEY).articlePreview;

let server: RunningServer;
let editor: InboxBrowser;
let reader: InboxBrowser;
let admin: InboxBrowser;

const SLUG = "approval-draft-budgets";
const TITLE = "Budgets the client signs off";
const BODY_LINE = "A paragraph only the client should read before it goes out.";
const ALT = "A yellow sun over a blue sea";

const draft = {
  intent: "save",
  version: "0",
  title: TITLE,
  slug: SLUG,
  excerpt: "What a month of search spend buys, for the client to approve.",
  category: "Google Ads",
  author: "lindiwe-dlamini",
  keywords: "",
  seoTitle: "",
  seoDescription: "",
  imagePath: "",
  imageAlt: ALT,
  body: `## For approval\n\n${BODY_LINE}`,
  readTime: "",
  publishAt: "",
};

/** The editor's form as a browser posts it: multipart, with an image file of `height` (1200 wide). */
async function saveWithImage(fields: Record<string, string> = draft, height = 630) {
  const form = new FormData();
  form.set("csrf", await editor.csrf("/admin/articles/new"));
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const photo = await sharp({ create: { width: 1200, height, channels: 3, background: "#3366aa" } })
    .jpeg()
    .toBuffer();
  form.set("imageFile", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "sun.jpg");
  const res = await fetch(`${server.url}/admin/articles/new`, {
    method: "POST",
    redirect: "manual",
    body: form,
    headers: { "x-forwarded-for": editor.address, "user-agent": editor.userAgent, cookie: editor.cookieHeader(), origin: server.url },
  });
  expect(res.status, (await res.text()).slice(0, 300)).toBe(303);
}

const textOf = (html: string) => html.replaceAll("<!-- -->", "");
const linkOn = (html: string) => /<input id="preview-link-url"[^>]* value="([^"]+)"/.exec(html)?.[1];
const articleId = (slug = SLUG) => readSiteDb<{ id: number }>(server.dataDir, "SELECT id FROM articles WHERE slug = ?", slug)[0]!.id;
const versionOf = (id: number) =>
  readSiteDb<{ version: number }>(server.dataDir, "SELECT version FROM articles WHERE id = ?", id)[0]!.version;
const linkIdOf = (url: string) => Number(url.split("/").at(-1)!.split(".")[0]);

/** Opened as a client does: no inbox cookie. */
const open = (pathname: string) => fetch(`${server.url}${pathname}`, { redirect: "manual" });

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "x-forwarded-for", ALTCHA_HMAC_KEY: SITE_KEY });
  await createUser(server.dataDir, EDITOR, PASSWORD, undefined, { role: "editor" });
  await createUser(server.dataDir, READER, PASSWORD, undefined, { role: "reader" });
  await createUser(server.dataDir, ADMIN, PASSWORD, undefined, { role: "admin" });
  editor = new InboxBrowser(server.url, "192.0.2.81");
  reader = new InboxBrowser(server.url, "192.0.2.82");
  admin = new InboxBrowser(server.url, "192.0.2.83");
  expect((await editor.signIn(EDITOR, PASSWORD)).signedIn).toBe(true);
  expect((await reader.signIn(READER, PASSWORD)).signedIn).toBe(true);
  expect((await admin.signIn(ADMIN, PASSWORD)).signedIn).toBe(true);
  await saveWithImage();
});

afterAll(async () => server?.stop());

describe("a draft's preview link", () => {
  let link = "";

  it("is made in the editor by an editor, with until when it works, and audited; a reader cannot make one", async () => {
    const page = `/admin/articles/${articleId()}`;
    const before = await editor.request(page);
    expect(textOf(before.text)).toContain("Make a preview link");
    const made = await editor.post(page, { intent: "preview-link" });
    expect(made.status).toBe(200);
    link = linkOn(made.text) ?? "";
    expect(link).toMatch(new RegExp(`^${server.url}/blog/preview/\\d+\\.\\d+\\.[\\w-]{43}$`));
    const expires = new Date(Number(link.split(".").at(-2)) * 1000);
    // Seven days from now, said as the agency reads time.
    expect(Math.abs(expires.getTime() - Date.now() - 7 * 24 * 3600_000)).toBeLessThan(60_000);
    expect(textOf(made.text)).toMatch(
      /Anyone with this link can read this article, as last saved, until \d{1,2} \w+ \d{4}, \d\d:\d\d \(SAST\)\./,
    );
    // The editor's form still holds the saved article.
    expect(made.text).toContain(`value="${TITLE}"`);
    expect(readSiteDb(server.dataDir, "SELECT action, actor FROM admin_audit_log WHERE action = 'article-preview-link'")).toEqual([
      { action: "article-preview-link", actor: EDITOR },
    ]);

    // A live article's address is its link: its editor offers none.
    const live = readSiteDb<{ id: number }>(server.dataDir, "SELECT id FROM articles WHERE status = 'published' LIMIT 1")[0]!.id;
    expect(textOf((await editor.request(`/admin/articles/${live}`)).text)).not.toContain("Make a preview link");
    expect((await editor.post(`/admin/articles/${live}`, { intent: "preview-link" })).status).toBe(400);

    expect((await reader.request(page)).status).toBe(403);
    expect((await reader.post(page, { intent: "preview-link" }, "/admin")).status).toBe(403);
  });

  it("shows the draft as its page will look, with its image, to anyone holding it, never indexed nor kept", async () => {
    const answer = await open(new URL(link).pathname);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(answer.headers.get("referrer-policy")).toBe("no-referrer");
    const html = textOf(await answer.text());
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain("Preview: not published.");
    expect(html).toContain(`<h1 class="mt-4 text-4xl leading-tight font-extrabold tracking-tight sm:text-5xl">${TITLE}</h1>`);
    expect(html).toContain("<h2>For approval</h2>");
    expect(html).toContain(BODY_LINE);
    expect(html).toMatch(new RegExp(`<img src="/media/[0-9a-f]{20}-1200x630\\.jpg"[^>]* alt="${ALT}"`));
    // Not live: not at its address, not in the sitemap.
    expect((await open(`/blog/${SLUG}`)).status).toBe(404);
    expect(await (await open("/sitemap.xml")).text()).not.toContain(SLUG);
    expect(await (await open("/sitemap.xml")).text()).not.toContain("/blog/preview");
  });

  it("shows the article as last saved, not as it was when the link was made", async () => {
    const id = articleId();
    const now = readSiteDb<{ version: number }>(server.dataDir, "SELECT version FROM articles WHERE id = ?", id)[0]!.version;
    const saved = await editor.post(`/admin/articles/${id}`, { ...draft, version: String(now), title: "A corrected title" });
    expect(saved.status).toBe(303);
    expect(textOf(await (await open(new URL(link).pathname)).text())).toContain("A corrected title");
  });

  it("answers a link changed by one character with 404 and an expired one with 410, each a page saying so", async () => {
    const path = new URL(link).pathname;
    const last = path.at(-1) === "A" ? "B" : "A";
    const changed = await open(`${path.slice(0, -1)}${last}`);
    expect(changed.status).toBe(404);
    expect(changed.headers.get("cache-control")).toBe("no-store");
    const changedPage = textOf(await changed.text());
    expect(changedPage).toContain("This preview link does not work");
    expect(changedPage).not.toContain(BODY_LINE);
    // Another link's id under this link's signature is no link either.
    const [id, expiry, signature] = path.split("/").at(-1)!.split(".");
    expect((await open(`/blog/preview/${Number(id) + 1}.${expiry}.${signature}`)).status).toBe(404);
    // Nor is a link made before links were kept, which named the article.
    const older = signExpiringToken(SECRET, "article-preview", articleId(), new Date(Date.now() + 3600_000));
    expect((await open(`/blog/preview/${older}`)).status).toBe(404);

    const expired = await open(
      `/blog/preview/${signExpiringToken(SECRET, "article-preview-link", Number(id), new Date(Date.now() - 60_000))}`,
    );
    expect(expired.status).toBe(410);
    const expiredPage = textOf(await expired.text());
    expect(expiredPage).toContain("This preview link has expired");
    expect(expiredPage).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(expiredPage).not.toContain(BODY_LINE);
  });

  it("lists the links that work, who made each and when, and revokes one alone, which then answers as an expired one", async () => {
    const page = `/admin/articles/${articleId()}`;
    const second = linkOn((await editor.post(page, { intent: "preview-link" })).text)!;
    const listed = textOf((await editor.request(page)).text);
    expect(listed).toContain("Preview links that work now, newest first");
    for (const made of [link, second]) {
      expect(listed).toContain(`<input type="hidden" name="link" value="${linkIdOf(made)}"/>`);
    }
    expect(listed).toMatch(
      new RegExp(`<td class="px-3 py-2">${EDITOR}</td><td class="px-3 py-2">\\d{1,2} \\w+ \\d{4}, \\d\\d:\\d\\d \\(SAST\\)</td>`),
    );
    expect(listed).toContain(`Revoke<span class="sr-only"> the link ${EDITOR} made at`);

    // A reader may not; the editor revokes the first link alone.
    expect((await reader.post(page, { intent: "revoke-preview-link", link: String(linkIdOf(link)) }, "/admin")).status).toBe(403);
    const revoked = await editor.post(page, { intent: "revoke-preview-link", link: String(linkIdOf(link)) });
    expect(revoked.status).toBe(200);
    expect(textOf(revoked.text)).toContain("Preview link revoked: it no longer opens this article.");
    expect(revoked.text).not.toContain(`name="link" value="${linkIdOf(link)}"`);
    expect(revoked.text).toContain(`name="link" value="${linkIdOf(second)}"`);

    const gone = await open(new URL(link).pathname);
    expect(gone.status).toBe(410);
    expect(gone.headers.get("cache-control")).toBe("no-store");
    const goneText = textOf(await gone.text());
    expect(goneText).toContain("This preview link has expired");
    expect(goneText).not.toContain(BODY_LINE);
    expect((await open(new URL(second).pathname)).status).toBe(200);
    expect(readSiteDb(server.dataDir, "SELECT actor, detail FROM admin_audit_log WHERE action = 'article-preview-revoke'")).toEqual([
      { actor: EDITOR, detail: `revoked a preview link to the article /blog/${SLUG}` },
    ]);
    // Revoked twice: nothing more happens, and the editor is told.
    const again = await editor.post(page, { intent: "revoke-preview-link", link: String(linkIdOf(link)) });
    expect(textOf(again.text)).toContain("That preview link had already stopped working.");
    link = second;
  });

  it("sends a link to the live page while the article is published, and an unpublish revokes it: later edits stay private", async () => {
    const id = articleId();
    const page = `/admin/articles/${id}`;
    // As the editor holds it since the last save, which left the image out.
    const fields = { ...draft, title: "A corrected title" };
    expect((await admin.post(page, { ...fields, intent: "publish", version: String(versionOf(id)) })).status).toBe(303);
    const live = await open(new URL(link).pathname);
    expect(live.status).toBe(302);
    expect(live.headers.get("location")).toBe(`/blog/${SLUG}`);

    expect((await admin.post(page, { ...fields, intent: "unpublish", version: String(versionOf(id)) })).status).toBe(303);
    const afterUnpublish = await open(new URL(link).pathname);
    expect(afterUnpublish.status).toBe(410);
    expect(textOf(await afterUnpublish.text())).toContain("This preview link has expired");
    // Edited after it came down: nobody holding an earlier link reads it.
    const edited = await admin.post(page, { ...fields, title: "Rewritten after the unpublish", version: String(versionOf(id)) });
    expect(edited.status).toBe(303);
    const stillGone = await open(new URL(link).pathname);
    expect(stillGone.status).toBe(410);
    expect(await stillGone.text()).not.toContain("Rewritten after the unpublish");
    expect(textOf((await editor.request(page)).text)).not.toContain("Preview links that work now");
    // A link made now shows it.
    const fresh = linkOn((await editor.post(page, { intent: "preview-link" })).text)!;
    expect(textOf(await (await open(new URL(fresh).pathname)).text())).toContain("Rewritten after the unpublish");
  });

  it("previews a draft without an image with a card drawn for it, which answers as its link does", async () => {
    const slug = "a-draft-without-an-image";
    expect((await editor.post("/admin/articles/new", { ...draft, slug, imageAlt: "" })).status).toBe(303);
    const page = `/admin/articles/${articleId(slug)}`;
    const made = linkOn((await editor.post(page, { intent: "preview-link" })).text)!;
    const html = await (await open(new URL(made).pathname)).text();
    // The article's own image: the first one on the page, loaded first.
    const src = /<img src="([^"]+)"[^>]*loading="eager"/.exec(html)?.[1];
    expect(src, "the preview's image").toBeTruthy();
    const card = await open(src!);
    expect(card.status, src).toBe(200);
    expect(card.headers.get("content-type")).toBe("image/png");
    expect(card.headers.get("cache-control")).toBe("no-store");
    expect(card.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(await sharp(Buffer.from(await card.arrayBuffer())).metadata()).toMatchObject({ width: 1200, height: 630, format: "png" });

    expect((await editor.post(page, { intent: "revoke-preview-link", link: String(linkIdOf(made)) })).status).toBe(200);
    expect((await open(src!)).status).toBe(410);
  });

  it("gives an article's image in its JSON-LD at the size the image is served at", async () => {
    const slug = "a-taller-photo";
    await saveWithImage({ ...draft, slug }, 750);
    const id = articleId(slug);
    const imagePath = readSiteDb<{ image_path: string }>(server.dataDir, "SELECT image_path FROM articles WHERE id = ?", id)[0]!.image_path;
    const published = await admin.post(`/admin/articles/${id}`, {
      ...draft,
      slug,
      imagePath,
      intent: "publish",
      version: String(versionOf(id)),
    });
    expect(published.status).toBe(303);
    const html = await (await open(`/blog/${slug}`)).text();
    const graphs = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!) as unknown);
    const posting = JSON.stringify(graphs).match(/"@type":"BlogPosting".*?"image":(\{[^}]*\})/)?.[1];
    expect(posting, "the BlogPosting's image").toBeTruthy();
    const image = JSON.parse(posting!) as { url: string; width: string; height: string };
    const served = await fetch(image.url);
    expect(served.status).toBe(200);
    const size = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect({ width: image.width, height: image.height }).toEqual({ width: String(size.width), height: String(size.height) });
    expect(size).toMatchObject({ width: 1200, height: 750 });
  });
});

describe.each(databaseKinds)("preview links' rule on %s", (kind) => {
  const site = useSiteDatabase(kind);
  const secret = randomBytes(32);

  it("finds the saved article by a link, reads nothing for a forged one, and sends a live article to its page", async () => {
    const created = await createArticle(site.db, { ...contentOfFile(contentArticles[0]!), slug: "a-draft" }, COMMAND_LINE);
    if (!created.ok) throw new Error("not created");
    const link = await createPreviewLink(site.db, secret, "https://roimedia.example", { id: created.id, slug: "a-draft" }, COMMAND_LINE);
    const token = link.url.split("/").at(-1)!;
    expect(await findPreview(site.db, secret, token)).toMatchObject({ state: "found", article: { slug: "a-draft", id: created.id } });
    expect((await listAudit(site.db, 1))[0]).toMatchObject({
      action: "article-preview-link",
      detail: expect.stringContaining("/blog/a-draft"),
    });

    // A forged or expired link is refused by its signature alone: a database that throws at any use is never used.
    const untouchable = new Proxy({}, { get: () => expect.unreachable("the database was asked") }) as Kysely<Database>;
    expect(await findPreview(untouchable, randomBytes(32), token)).toEqual({ state: "invalid" });
    expect(await findPreview(untouchable, secret, "1.2.3")).toEqual({ state: "invalid" });
    expect(await findPreview(untouchable, secret, token, new Date(Date.now() + 8 * 24 * 3600_000))).toEqual({ state: "expired" });

    const published = await saveArticle(
      site.db,
      created.id,
      created.version,
      { ...contentOfFile(contentArticles[0]!), slug: "a-draft" },
      { to: "published" },
      COMMAND_LINE,
    );
    expect(published.ok).toBe(true);
    expect(await findPreview(site.db, secret, token)).toEqual({ state: "live", path: "/blog/a-draft" });
    await site.db.deleteFrom("article_revisions").execute();
    await site.db.deleteFrom("articles").where("id", "=", created.id).execute();
    expect(await findPreview(site.db, secret, token)).toEqual({ state: "gone" });
  });

  it("answers a revoked link, and every link of an unpublished article, as expired before the article is read", async () => {
    const content = { ...contentOfFile(contentArticles[0]!), slug: "a-draft-to-revoke" };
    const created = await createArticle(site.db, content, COMMAND_LINE);
    if (!created.ok) throw new Error("not created");
    const tokenOf = async () =>
      (await createPreviewLink(site.db, secret, "https://roimedia.example", { id: created.id, slug: content.slug }, COMMAND_LINE)).url
        .split("/")
        .at(-1)!;
    const [kept, revoked] = [await tokenOf(), await tokenOf()];
    expect(await revokePreviewLink(site.db, { id: created.id, slug: content.slug }, Number(revoked.split(".")[0]), COMMAND_LINE)).toBe(
      true,
    );
    // The article's table is never read for a revoked link: its row answers first.
    const articlesUnread = new Proxy(site.db, {
      get: (target, property) =>
        property === "selectFrom"
          ? (table: string) => {
              if (table === "articles") expect.unreachable("the article was read");
              return target.selectFrom(table as "article_preview_links");
            }
          : Reflect.get(target, property),
    });
    expect(await findPreview(articlesUnread, secret, revoked)).toEqual({ state: "expired" });
    expect(await findPreview(site.db, secret, kept)).toMatchObject({ state: "found" });

    const published = await saveArticle(site.db, created.id, created.version, content, { to: "published" }, COMMAND_LINE);
    if (!published.ok) throw new Error("not published");
    expect(await findPreview(site.db, secret, kept)).toEqual({ state: "live", path: "/blog/a-draft-to-revoke" });
    expect((await saveArticle(site.db, created.id, published.version, content, { to: "unpublished" }, COMMAND_LINE)).ok).toBe(true);
    expect(await findPreview(articlesUnread, secret, kept)).toEqual({ state: "expired" });
    expect(await previewLinksOf(site.db, created.id)).toEqual([]);
  });
});
