import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forms } from "#app/forms/registry.ts";
import { readSiteDb } from "#tests/support/database.ts";
import { enhanced, newsletterLinks, postLead, solveAltcha } from "#tests/support/leads.ts";
import { type RunningServer, startServer } from "#tests/support/server.ts";

/**
 * The newsletter's links over real HTTP against the built server: a link
 * fetched (as a mail scanner does) changes nothing; RFC 8058 one-click POSTs
 * unsubscribe whether they come from a mail provider's server (no Origin) or
 * from a webmail in the reader's browser (another site's Origin); a forged
 * link does nothing. The whole journey in a browser is tests/e2e/newsletter.test.ts.
 */

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ ALTCHA_COST: "20", OUTBOX_POLL_MS: "100", TRUST_PROXY: "x-forwarded-for" });
});
afterAll(async () => {
  await server?.stop();
});

let visitors = 0;
const visitor = () => ({ "x-forwarded-for": `198.51.100.${++visitors}` });

/** Subscribes the address and answers the confirm and unsubscribe links of the mail it is sent. */
async function subscribe(email: string): Promise<{ confirm: string; unsubscribe: string }> {
  const answer = await postLead(server, "/blog", { email, ...enhanced(await solveAltcha(server)) }, visitor());
  expect(answer.result).toEqual({ ok: true, form: "newsletter", ...forms.newsletter.messages.success });
  return newsletterLinks(server.dataDir, email);
}

const statusOf = (email: string) =>
  readSiteDb<{ status: string; left_method: string | null }>(
    server.dataDir,
    "SELECT status, left_method FROM newsletter_subscribers WHERE email = ?",
    email,
  )[0];

const oneClick = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: "List-Unsubscribe=One-Click",
  });

describe("newsletter links", () => {
  it("a fetched confirmation link confirms nothing; the page's post does", async () => {
    const email = `scanned-${Date.now()}@example.co.za`;
    const { confirm } = await subscribe(email);
    const page = await fetch(`${server.url}${confirm}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("no-store");
    expect(await page.text()).toContain('content="noindex, nofollow"');
    expect(statusOf(email)).toMatchObject({ status: "pending" });
    const posted = await fetch(`${server.url}${confirm}`, { method: "POST", body: new URLSearchParams({ intent: "confirm" }) });
    expect(posted.status).toBe(200);
    expect(statusOf(email)).toMatchObject({ status: "confirmed" });
  });

  it("RFC 8058: a one-click POST unsubscribes, from a mail provider's server or another site's page", async () => {
    for (const [name, headers] of [
      ["provider", {}],
      ["webmail", { Origin: "https://mail.example.net", "Sec-Fetch-Site": "cross-site" }],
    ] as const) {
      const email = `one-click-${name}-${Date.now()}@example.co.za`;
      const { confirm, unsubscribe } = await subscribe(email);
      await fetch(`${server.url}${confirm}`, { method: "POST", body: new URLSearchParams({ intent: "confirm" }) });
      const answer = await oneClick(unsubscribe, headers);
      expect(answer.status, name).toBe(200);
      expect(statusOf(email), name).toEqual({ status: "left", left_method: "one-click" });
      // Again: still left, still fine.
      expect((await oneClick(unsubscribe, headers)).status, name).toBe(200);
    }
  });

  it("a forged or altered link changes nothing", async () => {
    const email = `forged-${Date.now()}@example.co.za`;
    const { unsubscribe, confirm } = await subscribe(email);
    const [, , , id, signature] = unsubscribe.split(/[/.]/);
    for (const path of [`/newsletter/unsubscribe/${Number(id) + 1}.${signature}`, `/newsletter/unsubscribe/${id}.${"x".repeat(43)}`]) {
      expect((await oneClick(path)).status).toBe(404);
      expect((await oneClick(path, { Origin: "https://mail.example.net" })).status).toBe(404);
    }
    const altered = confirm.replace(/.$/, (last) => (last === "A" ? "B" : "A"));
    expect((await fetch(`${server.url}${altered}`, { method: "POST", body: "" })).status).toBe(404);
    expect(statusOf(email)).toMatchObject({ status: "pending" });
  });

  it("keeps the links' pages out of search engines", async () => {
    expect(await (await fetch(`${server.url}/robots.txt`)).text()).toMatch(/^Disallow: \/newsletter\/$/m);
  });
});
