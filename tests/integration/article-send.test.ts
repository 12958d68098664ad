import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#tests/support/admin-users.ts";
import { expectNoAxeViolations, launchBrowser } from "#tests/support/browser.ts";
import { readSiteDb } from "#tests/support/database.ts";
import { InboxBrowser } from "#tests/support/inbox-browser.ts";
import { waitFor } from "#tests/support/leads.ts";
import { mailTo as mailsOf, subscribe as subscribeBy } from "#tests/support/newsletter-mail.ts";
import { freePort, type RunningServer, startServer } from "#tests/support/server.ts";
import { type SmtpCounter, startSmtpCounter } from "#tests/support/smtp-counter.ts";

/**
 * An article sent to the newsletter's confirmed subscribers
 * (docs/decisions/0038-article-newsletter-send.md), through a real SMTP
 * server: a test to the agency user first, then one copy per confirmed
 * subscriber at the configured rate, a busy mailbox retried, one who leaves
 * mid-send left out, and the mail's two ways out (RFC 8058 one-click and the
 * link). Two instances on PostgreSQL with one killed mid-send are in
 * article-send-cluster.test.ts.
 */

const PASSWORD = "a long enough passphrase";
const ADMIN = "send-admin@roimedia.co.za";
/** One a second: the fourth subscriber's turn comes 3 s after the send starts, time enough to leave before it. */
const RATE_PER_MINUTE = 60;

let smtp: SmtpCounter;
let server: RunningServer;
let admin: InboxBrowser;
/** The send page of the article sent. */
let page: string;

let visitors = 0;
const visitor = () => ({ "x-forwarded-for": `198.51.100.${++visitors}` });

const mailTo = (address: string, subject: RegExp) => mailsOf(smtp, address, subject);
const subscribe = (email: string) => subscribeBy(server, smtp, email, visitor());

const subscriberRows = () =>
  readSiteDb<{ email: string; status: string; left_method: string | null }>(
    server.dataDir,
    "SELECT email, status, left_method FROM newsletter_subscribers ORDER BY id",
  );

beforeAll(async () => {
  smtp = await startSmtpCounter(await freePort());
  server = await startServer({
    ALTCHA_COST: "20",
    TRUST_PROXY: "x-forwarded-for",
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    OUTBOX_POLL_MS: "100",
    OUTBOX_RETRY_BASE_MS: "300",
    OUTBOX_RETRY_MAX_MS: "1000",
    NEWSLETTER_RATE_PER_MINUTE: String(RATE_PER_MINUTE),
  });
  await createUser(server.dataDir, ADMIN, PASSWORD);
  admin = new InboxBrowser(server.url, "192.0.2.71");
  expect((await admin.signIn(ADMIN, PASSWORD)).signedIn).toBe(true);
});

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

describe("sending an article to the newsletter", () => {
  it("tests to the agency, mails each confirmed subscriber once at the rate, retries, skips who left, and both ways out work", async () => {
    const [thandi, sipho, lerato, naledi, pending] = ["thandi", "sipho", "lerato", "naledi", "pending"].map(
      (name) => `${name}-${Date.now()}@example.co.za`,
    );
    const links = new Map<string, { confirm: string; unsubscribe: string }>();
    for (const email of [thandi!, sipho!, lerato!, naledi!, pending!]) links.set(email, await subscribe(email));
    for (const email of [thandi!, sipho!, lerato!, naledi!]) {
      const confirmed = await fetch(`${server.url}${links.get(email)!.confirm}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "confirm" }),
      });
      expect(confirmed.status).toBe(200);
    }
    const [article] = readSiteDb<{ id: number; slug: string; title: string; image_path: string }>(
      server.dataDir,
      "SELECT id, slug, title, image_path FROM articles WHERE status = 'published' ORDER BY id LIMIT 1",
    );
    page = `/admin/articles/${article!.id}/send`;
    const subject = new RegExp(`^${article!.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);

    // The editor links to the page; it offers the send to the four confirmed, not the pending one.
    expect((await admin.request(`/admin/articles/${article!.id}`)).text).toContain(`href="${page}"`);
    expect((await admin.request(page)).text).toContain("Send to <!-- -->4<!-- --> confirmed <!-- -->subscribers");

    // A test to the signed-in user first.
    expect((await admin.post(page, { intent: "test" })).status).toBe(303);
    const test = await waitFor(() => mailTo(ADMIN, /^\[Test\]/).at(0), "the test mail");
    expect(test).toContain(`Subject: [Test] ${article!.title}`);

    // Not without the confirmation; then once, with Sipho's mailbox busy at the first try.
    expect((await admin.post(page, { intent: "send" })).status).toBe(400);
    smtp.refuseOnce(sipho!);
    expect((await admin.post(page, { intent: "send", confirm: "yes" })).status).toBe(303);
    // Naledi leaves by the link of her confirmation mail while the send is under way, before her turn.
    const left = await fetch(`${server.url}${links.get(naledi!)!.unsubscribe}`, { method: "POST", body: new URLSearchParams({}) });
    expect(left.status).toBe(200);
    // Pressed again, from another tab: nothing more is queued.
    const again = await admin.post(page, { intent: "send", confirm: "yes" });
    expect(again.status).toBe(409);
    expect(again.text).toContain("This article has been sent already on ");
    expect(again.text).toContain("so it was not sent again");
    // The answer is the page as it now is: the send's progress, no second Send button.
    expect(again.text).toContain("Progress");
    expect(again.text).not.toContain('value="send"');

    const progressPage = async () => (await admin.request(page)).text;
    const progress = await waitFor(
      async () => {
        const text = await progressPage();
        return /Queued<\/dt><dd[^>]*>0<\/dd>/.test(text) ? text : undefined;
      },
      "none queued on the progress page",
      20_000,
    );
    expect(progress).toMatch(/Sent<\/dt><dd[^>]*>3<\/dd>/);
    expect(progress).toMatch(/Failed<\/dt><dd[^>]*>0<\/dd>/);
    expect(progress).toMatch(/Left before their turn<\/dt><dd[^>]*>1<\/dd>/);

    // Each confirmed subscriber has it once, Sipho after the refusal; Naledi, who left, and the pending signup never.
    expect(smtp.refused).toEqual([sipho]);
    for (const email of [thandi!, sipho!, lerato!]) expect(mailTo(email, subject), email).toHaveLength(1);
    expect(mailTo(naledi!, subject)).toEqual([]);
    expect(mailTo(pending!, subject)).toEqual([]);
    // At the rate: a second apart in the order they were queued.
    const sentAt = readSiteDb<{ sent_at: string; next_attempt_at: string }>(
      server.dataDir,
      "SELECT sent_at, next_attempt_at FROM outbox WHERE channel = 'newsletter' AND status = 'sent' ORDER BY id",
    ).map((row) => new Date(row.sent_at).getTime());
    expect(sentAt[2]! - sentAt[0]!).toBeGreaterThanOrEqual(2 * (60_000 / RATE_PER_MINUTE) - 50);

    // The mail: RFC 8058 headers with Thandi's own link, HTML and text, its image and links absolute.
    const [mail] = mailTo(thandi!, subject);
    const unsubscribe = `${server.url}${links.get(thandi!)!.unsubscribe}`;
    expect(mail).toContain(`List-Unsubscribe: <${unsubscribe}>`);
    expect(mail).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(mail).toMatch(/Content-Type: text\/plain/);
    expect(mail).toMatch(/Content-Type: text\/html/);
    expect(mail).toContain(`<img src="${server.url}${article!.image_path}"`);
    expect(mail).not.toMatch(/ (src|href)="\//);
    expect(mail).toContain(`Read it on our site: ${server.url}/blog/${article!.slug}`);
    expect(mail).toContain(`To unsubscribe: ${unsubscribe}`);
    expect(mail).toContain(`<a href="${unsubscribe}"`);

    // Thandi leaves with her mail client's button (a webmail's one-click POST); Lerato by the link in hers, then the page's button.
    const oneClick = await fetch(unsubscribe, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.example.net", "Sec-Fetch-Site": "cross-site" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    const leratoLink = /To unsubscribe: (\S+)/.exec(mailTo(lerato!, subject)[0]!)![1]!;
    expect((await fetch(leratoLink)).status).toBe(200);
    expect((await fetch(leratoLink, { method: "POST", body: new URLSearchParams({}) })).status).toBe(200);
    expect(subscriberRows().map(({ status, left_method }) => [status, left_method])).toEqual([
      ["left", "one-click"],
      ["confirmed", null],
      ["left", "page"],
      ["left", "page"],
      ["pending", null],
    ]);

    const audit = readSiteDb<{ action: string; detail: string }>(server.dataDir, "SELECT action, detail FROM admin_audit_log");
    expect(audit).toContainEqual({
      action: "article-send",
      detail: `sent the article /blog/${article!.slug} to 4 confirmed newsletter subscribers`,
    });
  });

  it("never carries another site's image, even one an article saved before the editor refused them", async () => {
    const [article] = readSiteDb<{ id: number; title: string }>(
      server.dataDir,
      "SELECT id, title FROM articles WHERE status = 'published' ORDER BY id DESC LIMIT 1",
    );
    // Written as an earlier version of the editor let it be: a tracking pixel in the body and a remote featured image.
    // The running server writes too: wait for its lock, as it waits for another writer (SQLite's busy timeout).
    const db = new DatabaseSync(path.join(server.dataDir, "site.db"), { timeout: 10_000 });
    try {
      db.prepare("UPDATE articles SET body = body || ?, image_path = ? WHERE id = ?").run(
        "\n\n![pixel](https://tracker.example/open.gif) and ![logo][logo]\n\n[logo]: //cdn.example.net/logo.png",
        "https://tracker.example/hero.jpg",
        article!.id,
      );
    } finally {
      db.close();
    }
    const sendPage = `/admin/articles/${article!.id}/send`;
    expect((await admin.post(sendPage, { intent: "test" })).status).toBe(303);
    const subject = new RegExp(`^\\[Test\\] ${article!.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
    const mail = await waitFor(() => mailTo(ADMIN, subject).at(0), "the test mail");
    const sources = [...mail.matchAll(/<img[^>]* src="([^"]+)"/g)].map((match) => match[1]!);
    expect(sources.filter((src) => !src.startsWith(`${server.url}/`))).toEqual([]);
    expect(mail).not.toMatch(/<img[^>]*(tracker\.example|cdn\.example\.net)/);
  });

  it("shows the send's progress accessibly in a browser", { timeout: 60_000 }, async () => {
    let browser: Browser | undefined;
    try {
      browser = await launchBrowser();
      const tab = await admin.pageIn(browser);
      await tab.goto(`${server.url}${page}`);
      await tab.getByRole("heading", { name: "Progress" }).waitFor();
      await expectNoAxeViolations(tab);
      // The picture in docs/ is made again only when asked (DOCS_SCREENSHOTS=1), so a test run leaves the checkout as it was.
      if (process.env.DOCS_SCREENSHOTS) {
        await tab.screenshot({ path: path.resolve(import.meta.dirname, "../../docs/article-send.png"), fullPage: true });
      }
    } finally {
      await browser?.close();
    }
  });
});
