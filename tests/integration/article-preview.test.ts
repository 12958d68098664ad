import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMAND_LINE, listAudit } from "#server/admin/audit.ts";
import { siteSecrets } from "#server/captcha/keys.ts";
import { createPreviewLink, findPreview } from "#server/articles/preview.ts";
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
const SITE_KEY = randomBytes(32).toString("hex");
const SECRET = siteSecrets(SITE_KEY).articlePreview;

let server: RunningServer;
let editor: InboxBrowser;
let reader: InboxBrowser;

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

/** The editor's form as a browser posts it: multipart, with an image file. */
async function saveWithImage() {
  const form = new FormData();
  form.set("csrf", await editor.csrf("/admin/articles/new"));
  for (const [name, value] of Object.entries(draft)) form.set(name, value);
  const photo = await sharp({ create: { width: 1200, height: 630, channels: 3, background: "#3366aa" } })
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
const articleId = () => readSiteDb<{ id: number }>(server.dataDir, "SELECT id FROM articles WHERE slug = ?", SLUG)[0]!.id;

/** Opened as a client does: no inbox cookie. */
const open = (pathname: string) => fetch(`${server.url}${pathname}`, { redirect: "manual" });

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "x-forwarded-for", ALTCHA_HMAC_KEY: SITE_KEY });
  await createUser(server.dataDir, EDITOR, PASSWORD, undefined, { role: "editor" });
  await createUser(server.dataDir, READER, PASSWORD, undefined, { role: "reader" });
  editor = new InboxBrowser(server.url, "192.0.2.81");
  reader = new InboxBrowser(server.url, "192.0.2.82");
  expect((await editor.signIn(EDITOR, PASSWORD)).signedIn).toBe(true);
  expect((await reader.signIn(READER, PASSWORD)).signedIn).toBe(true);
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
    expect(link).toMatch(new RegExp(`^${server.url}/blog/preview/${articleId()}\\.\\d+\\.[\\w-]{43}$`));
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
    // Another article's id under this link's signature is no link either.
    const [, expiry, signature] = path.split("/").at(-1)!.split(".");
    expect((await open(`/blog/preview/${articleId() + 1}.${expiry}.${signature}`)).status).toBe(404);

    const expired = await open(`/blog/preview/${signExpiringToken(SECRET, "article-preview", articleId(), new Date(Date.now() - 60_000))}`);
    expect(expired.status).toBe(410);
    const expiredPage = textOf(await expired.text());
    expect(expiredPage).toContain("This preview link has expired");
    expect(expiredPage).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(expiredPage).not.toContain(BODY_LINE);
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
});
