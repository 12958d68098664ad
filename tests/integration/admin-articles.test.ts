import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles as contentArticles } from "#app/content/blog.server.ts";
import { COMMAND_LINE, listAudit } from "#server/audit/audit.ts";
import { LiveArticles } from "#server/articles/live.ts";
import { contentOfFile, seedArticles } from "#server/articles/seed.ts";
import { createArticle, findArticleById, listArticles, listRevisions, restoreRevision, saveArticle } from "#server/articles/store.ts";
import { createUser } from "#tests/support/admin-users.ts";
import { expectNoAxeViolations, launchBrowser } from "#tests/support/browser.ts";
import { databaseKinds, readSiteDb, useSiteDatabase } from "#tests/support/database.ts";
import { InboxBrowser } from "#tests/support/inbox-browser.ts";
import { type RunningServer, startServer } from "#tests/support/server.ts";

/**
 * Articles as data the agency edits in the inbox (/admin/articles): the six
 * articles of app/content as the first records, drafts with per-field
 * errors, two editors saving at once, revisions and restores, who may
 * publish, and the audit log. Without JavaScript, as the inbox works; one
 * browser check for accessibility. The data layer also on PostgreSQL.
 */

const PASSWORD = "a long enough passphrase";
const ADMIN = "articles-admin@roimedia.co.za";
const EDITOR = "articles-editor@roimedia.co.za";
const SECOND_EDITOR = "articles-editor-two@roimedia.co.za";

let server: RunningServer;
let admin: InboxBrowser;
let editor: InboxBrowser;
let secondEditor: InboxBrowser;

/** The page's text with React's separators between text parts taken out. */
const textOf = (html: string) => html.replaceAll("<!-- -->", "");
const row = (slug: string) =>
  readSiteDb<{ id: number; title: string; status: string; version: number; publish_at: string | null; published_at: string | null }>(
    server.dataDir,
    "SELECT id, title, status, version, publish_at, published_at FROM articles WHERE slug = ?",
    slug,
  )[0];
const auditDetails = () =>
  readSiteDb<{ action: string; detail: string; actor: string }>(server.dataDir, "SELECT action, detail, actor FROM admin_audit_log");

/** A valid article's fields, as the editor posts them. */
const draft = (slug: string, changes: Record<string, string> = {}) => ({
  intent: "save",
  version: "0",
  title: "Search budgets after the VAT change",
  slug,
  excerpt: "What the new VAT rate means for a South African search budget, and the three settings to check first.",
  category: "Google Ads",
  author: "lindiwe-dlamini",
  keywords: "VAT, Google Ads budget",
  seoTitle: "",
  seoDescription: "",
  imagePath: "",
  imageAlt: "",
  body: "## What changed\n\nThe rate moved. **Check your budgets.**\n\n- One\n- Two",
  readTime: "",
  publishAt: "",
  ...changes,
});

/** The form's hidden version as the editor page shows it. */
const versionOn = (html: string) => /name="version" value="(\d+)"/.exec(html)?.[1];

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "x-forwarded-for" });
  await createUser(server.dataDir, ADMIN, PASSWORD);
  await createUser(server.dataDir, EDITOR, PASSWORD, undefined, { role: "editor" });
  await createUser(server.dataDir, SECOND_EDITOR, PASSWORD, undefined, { role: "editor" });
  admin = new InboxBrowser(server.url, "192.0.2.61");
  editor = new InboxBrowser(server.url, "192.0.2.62");
  secondEditor = new InboxBrowser(server.url, "192.0.2.63");
  for (const [browser, email] of [
    [admin, ADMIN],
    [editor, EDITOR],
    [secondEditor, SECOND_EDITOR],
  ] as const) {
    expect((await browser.signIn(email, PASSWORD)).signedIn, email).toBe(true);
  }
});

afterAll(async () => server?.stop());

describe("the inbox's articles", () => {
  it("lists the six articles of app/content as published records with the same text", async () => {
    const list = await editor.request("/admin/articles");
    expect(list.status).toBe(200);
    const text = textOf(list.text);
    for (const article of contentArticles) expect(text, article.slug).toContain(article.title.replaceAll("&", "&amp;"));
    expect(text.match(/>Published</g)).toHaveLength(6);
    const stored = readSiteDb<{ slug: string; title: string; body: string; status: string }>(
      server.dataDir,
      "SELECT slug, title, body, status FROM articles ORDER BY slug",
    );
    expect(stored).toEqual(
      contentArticles
        .map((article) => ({ slug: article.slug, title: article.title, body: article.body, status: "published" }))
        .toSorted((a, b) => a.slug.localeCompare(b.slug)),
    );
  });

  it("refuses a draft with each wrong field named beside it, keeping what was typed", async () => {
    const answer = await editor.post(
      "/admin/articles/new",
      draft("Bad Slug!", {
        category: "",
        seoTitle: "x".repeat(61),
        seoDescription: "y".repeat(161),
        imagePath: "/blog/images/vat.png",
        imageAlt: "",
      }),
    );
    expect(answer.status).toBe(400);
    const text = textOf(answer.text);
    expect(text).toContain('id="slug-error"');
    expect(text).toContain("Write the slug in lowercase letters, digits and hyphens");
    expect(text).toContain("Choose a category.");
    expect(text).toContain("The SEO title is at most 60 characters.");
    expect(text).toContain("The SEO description is at most 160 characters.");
    expect(text).toContain("Describe the image for readers who cannot see it.");
    expect(text).toContain("5 fields need a change");
    expect(text).toContain('value="Bad Slug!"');
    expect(text).toContain("61 of 60 characters.");
    expect(readSiteDb(server.dataDir, "SELECT 1 FROM articles WHERE title = ?", draft("x").title)).toHaveLength(0);
  });

  it("saves a draft, previews it without JavaScript in the article's styles, and lets no script through", async () => {
    const saved = await editor.post("/admin/articles/new", draft("vat-and-search-budgets"));
    expect(saved.status).toBe(303);
    const { id, status, version } = row("vat-and-search-budgets")!;
    expect(saved.location).toBe(`/admin/articles/${id}?done=save`);
    expect({ status, version }).toEqual({ status: "draft", version: 1 });

    const preview = await editor.post(`/admin/articles/${id}`, {
      ...draft("vat-and-search-budgets", { intent: "preview", version: "1" }),
      body: '## A new heading\n\n<script>alert("x")</script>\n\n<img src=x onerror="alert(1)">\n\n[bad](javascript:alert(1))',
    });
    expect(preview.status).toBe(200);
    const html = preview.text;
    expect(html).toContain("<h2>A new heading</h2>");
    expect(html).toContain("&#60;script&#62;alert");
    expect(html).not.toContain('<script>alert("x")');
    expect(html).not.toMatch(/<img src="?x/);
    expect(html).not.toContain('href="javascript:');
    // The preview is in the public article's own styles (app/components/blog/article-body.tsx).
    expect(html).toMatch(/class="text-lg leading-8 text-slate-700[^"]*"><h2>A new heading/);
    // A preview saves nothing.
    expect(row("vat-and-search-budgets")!.version).toBe(1);
  });

  it("refuses the second of two editors saving the same version, naming who saved and keeping their text", async () => {
    const { id } = row("vat-and-search-budgets")!;
    const page = `/admin/articles/${id}`;
    // Both open the article at version 1.
    expect(versionOn((await editor.request(page)).text)).toBe("1");
    expect(versionOn((await secondEditor.request(page)).text)).toBe("1");
    const first = await editor.post(
      page,
      draft("vat-and-search-budgets", { version: "1", title: "Search budgets after VAT: first editor" }),
    );
    expect(first.status).toBe(303);
    const second = await secondEditor.post(page, draft("vat-and-search-budgets", { version: "1", title: "Second editor's title" }));
    expect(second.status).toBe(409);
    const text = textOf(second.text);
    expect(text).toContain(`${EDITOR} saved this article at`);
    expect(text).toContain("your changes were not saved");
    expect(text).toContain('value="Second editor&#x27;s title"');
    expect(row("vat-and-search-budgets")!.title).toBe("Search budgets after VAT: first editor");
    // Saved again from that answer (it carries the newer version), the second editor's text replaces the first's.
    expect(versionOn(second.text)).toBe("2");
  });

  it("keeps every save as a revision and restores any one as a new revision, audited", async () => {
    const { id } = row("vat-and-search-budgets")!;
    const page = await editor.request(`/admin/articles/${id}`);
    const revisions = readSiteDb<{ id: number; version: number; action: string; saved_by: string }>(
      server.dataDir,
      "SELECT id, version, action, saved_by FROM article_revisions WHERE article_id = ? ORDER BY version",
      id,
    );
    expect(revisions.map((r) => [r.version, r.action, r.saved_by])).toEqual([
      [1, "Created", EDITOR],
      [2, "Saved", EDITOR],
    ]);
    expect(textOf(page.text)).toContain('Restore<span class="sr-only"> version 1</span>');
    const restored = await editor.post(`/admin/articles/${id}`, { intent: "restore", revision: String(revisions[0]!.id), version: "2" });
    expect(restored.location).toBe(`/admin/articles/${id}?done=restore`);
    expect(row("vat-and-search-budgets")).toMatchObject({ title: draft("x").title, version: 3 });
    expect(textOf((await editor.request(`/admin/articles/${id}`)).text)).toContain("Restored version 1");
    expect(auditDetails()).toContainEqual({
      action: "article-restore",
      detail: "restored version 1 of the article /blog/vat-and-search-budgets",
      actor: EDITOR,
    });
  });

  it("lets an admin publish and schedule, never an editor; both audited; a live article changes only by an admin", async () => {
    const { id } = row("vat-and-search-budgets")!;
    const page = `/admin/articles/${id}`;
    expect(textOf((await editor.request(page)).text)).not.toContain('value="publish"');
    const refused = await editor.post(page, draft("vat-and-search-budgets", { intent: "publish", version: "3" }));
    expect(refused.status).toBe(403);
    expect(row("vat-and-search-budgets")).toMatchObject({ status: "draft", version: 3 });

    const past = await admin.post(
      page,
      draft("vat-and-search-budgets", { intent: "schedule", version: "3", publishAt: "2020-01-01T09:00" }),
    );
    expect(past.status).toBe(400);
    expect(textOf(past.text)).toContain("Give a time to publish in the future (SAST).");
    const scheduled = await admin.post(
      page,
      draft("vat-and-search-budgets", { intent: "schedule", version: "3", publishAt: "2099-03-02T09:30" }),
    );
    expect(scheduled.status).toBe(303);
    // 09:30 SAST is 07:30 UTC.
    expect(new Date(row("vat-and-search-budgets")!.publish_at!).toISOString()).toBe("2099-03-02T07:30:00.000Z");
    expect(textOf((await admin.request("/admin/articles")).text)).toContain("2 Mar 2099, 09:30");

    const published = await admin.post(page, draft("vat-and-search-budgets", { intent: "publish", version: "4" }));
    expect(published.status).toBe(303);
    expect(row("vat-and-search-budgets")).toMatchObject({ status: "published", publish_at: null, version: 5 });
    expect(row("vat-and-search-budgets")!.published_at).not.toBeNull();
    const entries = auditDetails().filter((entry) => entry.action.startsWith("article-"));
    expect(entries).toEqual(
      expect.arrayContaining([
        {
          action: "article-scheduled",
          detail: "scheduled the article /blog/vat-and-search-budgets for 2099-03-02T07:30:00.000Z",
          actor: ADMIN,
        },
        { action: "article-published", detail: "published the article /blog/vat-and-search-budgets", actor: ADMIN },
      ]),
    );
    // Live now: the editor's save is refused, the admin's unpublish is audited.
    expect((await editor.post(page, draft("vat-and-search-budgets", { version: "5", title: "Sneaky change" }))).status).toBe(403);
    expect((await admin.post(page, draft("vat-and-search-budgets", { intent: "unpublish", version: "5" }))).status).toBe(303);
    expect(row("vat-and-search-budgets")!.status).toBe("unpublished");
    expect(auditDetails()).toContainEqual({
      action: "article-unpublished",
      detail: "unpublished the article /blog/vat-and-search-budgets",
      actor: ADMIN,
    });
  });

  it("keeps an old slug as a redirect to the article, and refuses a slug another article has", async () => {
    const { id } = row("vat-and-search-budgets")!;
    const page = `/admin/articles/${id}`;
    const taken = await admin.post(page, draft("cro-80-20-framework", { version: "6" }));
    expect(taken.status).toBe(409);
    expect(textOf(taken.text)).toContain("Another article has this slug");
    expect((await admin.post(page, draft("search-budgets-after-vat", { version: "6" }))).status).toBe(303);
    expect(readSiteDb(server.dataDir, "SELECT old_slug, article_id FROM article_redirects")).toEqual([
      { old_slug: "vat-and-search-budgets", article_id: id },
    ]);
  });

  it("refuses another article's taking a live article's old address, naming it and keeping what was typed", async () => {
    const { id } = row("search-budgets-after-vat")!;
    const page = `/admin/articles/${id}`;
    // Live again under its new slug: its old one answers with a 301 to it.
    expect((await admin.post(page, draft("search-budgets-after-vat", { intent: "publish", version: "7" }))).status).toBe(303);
    const moved = await fetch(`${server.url}/blog/vat-and-search-budgets`, { redirect: "manual" });
    expect([moved.status, moved.headers.get("location")]).toEqual([301, "/blog/search-budgets-after-vat"]);

    const typed = draft("vat-and-search-budgets", { title: "A newer take on VAT", body: "## Typed with care\n\nEvery word kept." });
    const refused = await editor.post("/admin/articles/new", typed);
    expect(refused.status).toBe(409);
    const text = textOf(refused.text);
    expect(text).toContain(
      "This was the address of the live article “Search budgets after the VAT change”, and still takes its readers and search engines to it at /blog/search-budgets-after-vat: choose another slug.",
    );
    expect(text).toContain('value="A newer take on VAT"');
    expect(text).toContain("Every word kept.");
    expect(row("vat-and-search-budgets")).toBeUndefined();
    // The 301 stands; another slug is taken at once.
    expect((await fetch(`${server.url}/blog/vat-and-search-budgets`, { redirect: "manual" })).status).toBe(301);
    expect((await editor.post("/admin/articles/new", { ...typed, slug: "a-newer-take-on-vat" })).status).toBe(303);
  });

  it("refuses control characters and other sites' images in an article, with messages saying where, keeping what was typed", async () => {
    const refused = await editor.post(
      "/admin/articles/new",
      draft("with-a-bell", {
        title: "Budgets\u0007 that work",
        excerpt: "An excerpt pasted\u001b[0m from a terminal.",
        body: "## Tracked\n\nA pixel: ![pixel](https://tracker.example/open.gif)",
      }),
    );
    expect(refused.status).toBe(400);
    const text = textOf(refused.text);
    expect(text).toContain(
      "The title holds an invisible control character (at character 8), often pasted from another program: delete it, or retype the text around it.",
    );
    expect(text).toContain("The excerpt holds an invisible control character (at character 18)");
    expect(text).toContain(
      "The image https://tracker.example/open.gif is on another site: upload it as the featured image and use its /media/ path, or a path on this site.",
    );
    expect(text).toContain("3 fields need a change");
    expect(text).toContain('value="Budgets\u0007 that work"');
    expect(text).toContain("![pixel](https://tracker.example/open.gif)");
    expect(row("with-a-bell")).toBeUndefined();
  });

  it("passes axe in a browser, the live counts and preview following what is typed", { timeout: 60_000 }, async () => {
    let browser: Browser | undefined;
    try {
      browser = await launchBrowser();
      const page = await admin.pageIn(browser);
      const { id } = row("cro-80-20-framework")!;
      await page.goto(`${server.url}/admin/articles/${id}`);
      await page.getByRole("heading", { name: "Revisions" }).waitFor();
      await expectNoAxeViolations(page);
      await page.getByLabel("SEO title (optional)").fill("Twelve chars");
      await expect.poll(() => page.getByText("12 of 60 characters.").count()).toBe(1);
      await page.getByLabel("Body (Markdown)").fill("## Typed just now\n\nA paragraph.");
      await expect.poll(() => page.locator("section[aria-labelledby=preview-heading] h2", { hasText: "Typed just now" }).count()).toBe(1);
      await expect.poll(() => page.getByText("1 min read, computed from the body.").count()).toBe(1);
      // A published article's buttons each say what they do; the plain Save, the same as keeping it published, is not offered.
      const described = (name: string) =>
        page
          .getByRole("button", { name, exact: true })
          .evaluate((button) => document.getElementById(button.getAttribute("aria-describedby")!)!.textContent);
      expect(await described("Save and keep published")).toBe("The changes are live at once.");
      expect(await described("Schedule")).toBe("Off the site until the time given, then live again.");
      expect(await described("Unpublish")).toBe("Off the site at once.");
      expect(await page.getByRole("button", { name: "Save", exact: true }).count()).toBe(0);
      // The publishing time is typed in SAST on a 24-hour clock, whatever the browser's locale.
      expect(await page.getByLabel("Publish at (SAST)").getAttribute("type")).toBeNull();
      // A refused file is no longer chosen after the answer: pressed again, Upload asks for a file rather than refusing it again.
      const file = page.getByLabel("Upload a featured image");
      await file.setInputFiles({ name: "chart.png", mimeType: "image/png", buffer: Buffer.from("only text pretending") });
      await page.getByRole("button", { name: "Upload", exact: true }).click();
      await page.getByText("That file is not an image we can read").waitFor();
      await expect.poll(() => file.evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);
      await page.getByRole("button", { name: "Upload", exact: true }).click();
      await page.getByText("Choose an image file to upload.").waitFor();
      expect(await page.getByLabel("Body (Markdown)").inputValue()).toBe("## Typed just now\n\nA paragraph.");
      // The pictures in docs/ are made again only when asked (DOCS_SCREENSHOTS=1), so a test run leaves the checkout as it was.
      if (process.env.DOCS_SCREENSHOTS) {
        const docs = (name: string) => path.resolve(import.meta.dirname, `../../docs/${name}`);
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.screenshot({ path: docs("articles-editor.png"), fullPage: true });
        await page.goto(`${server.url}/admin/articles`);
        await page.screenshot({ path: docs("articles-list.png"), fullPage: true });
      }
    } finally {
      await browser?.close();
    }
  });
});

describe.each(databaseKinds)("articles' data on %s", (kind) => {
  const site = useSiteDatabase(kind);
  const editorActor = { userId: null, name: "editor@roimedia.co.za" };

  it("writes the six of app/content once, equal to the files, and refuses a save over a newer version", async () => {
    expect(await seedArticles(site.db, contentArticles)).toBe(6);
    expect(await seedArticles(site.db, contentArticles)).toBe(0);
    const stored = await listArticles(site.db);
    expect(stored).toHaveLength(6);
    for (const article of contentArticles) {
      const record = stored.find((candidate) => candidate.slug === article.slug)!;
      const { readTimeMinutes: _readTime, ...content } = contentOfFile(article);
      expect(record, article.slug).toMatchObject({ ...content, status: "published", version: 1 });
      expect(record.publishedAt!.toISOString().slice(0, 10), article.slug).toBe(
        new Date(Date.parse(`${article.date}T00:00:00Z`) - 2 * 3600_000).toISOString().slice(0, 10),
      );
    }

    const first = stored[0]!;
    const content = { ...contentOfFile(contentArticles.find((a) => a.slug === first.slug)!), title: "Changed by one" };
    const [a, b] = await Promise.all([
      saveArticle(site.db, first.id, 1, content, { to: "keep" }, editorActor),
      saveArticle(site.db, first.id, 1, { ...content, title: "Changed by two" }, { to: "keep" }, COMMAND_LINE),
    ]);
    expect([a.ok, b.ok].toSorted()).toEqual([false, true]);
    const loser = a.ok ? b : a;
    expect(loser).toMatchObject({ ok: false, problem: "conflict", version: 2 });
    expect((await findArticleById(site.db, first.id))!.version).toBe(2);

    const renamed = await saveArticle(site.db, first.id, 2, { ...content, slug: "a-new-address" }, { to: "keep" }, editorActor);
    expect(renamed.ok).toBe(true);
    const live = new LiveArticles(site.db);
    await live.refresh();
    expect(live.movedTo(first.slug)).toBe("a-new-address");
    // The live article's old address is not another article's to take.
    expect(await createArticle(site.db, { ...content, slug: first.slug }, editorActor)).toEqual({
      ok: false,
      problem: "slug-moved",
      to: { title: "Changed by one", slug: "a-new-address" },
    });
    await live.refresh();
    expect(live.movedTo(first.slug)).toBe("a-new-address");

    const original = (await listRevisions(site.db, first.id)).find((revision) => revision.version === 1)!;
    expect((await restoreRevision(site.db, first.id, original.id, 3, editorActor)).ok).toBe(true);
    expect(await findArticleById(site.db, first.id)).toMatchObject({ title: first.title, slug: first.slug, version: 4 });
    expect((await listAudit(site.db, 10)).map((entry) => entry.action)).toContain("article-restore");
  });
});
