import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicRoutes } from "#app/config/public-routes.ts";
import { botFields } from "#app/forms/bot-fields.ts";
import { LOGIN_FAILED } from "#server/admin/login.ts";
import { authenticatorCode, createUser, rememberAuthenticator } from "#tests/support/admin-users.ts";
import { InboxBrowser } from "#tests/support/inbox-browser.ts";
import { formTokenAged, postPage } from "#tests/support/leads.ts";
import { type RunningServer, startServer } from "#tests/support/server.ts";

/**
 * Every page the site sends, as the Nu HTML Checker (vnu-jar) judges it: the
 * public pages, the 404, a booking's manage page, each form page after a post
 * without JavaScript that it refuses, and the inbox's sign-in steps and the
 * pages of its users, sessions and account.
 */

const HMAC_KEY = "html-validity-test-hmac-key-0123456789abcdef";
const vnuJar = path.join(path.dirname(createRequire(import.meta.url).resolve("vnu-jar")), "build/dist/vnu.jar");
/** A document with one known error, checked alongside the pages, so a checker that checks nothing cannot pass. */
const CONTROL = "control page";
const controlHtml = '<!DOCTYPE html><html lang="en"><head><title>Control</title></head><body><span><div></div></span></body></html>';

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

let server: RunningServer;
/** Page label (what was asked for) -> its HTML. */
const pages = new Map<string, string>();
/** The public pages whose form a visitor without JavaScript posts back to the page. */
const formPages: string[] = [];

/** The hidden fields a page without JavaScript posts back: an empty honeypot and a form token old enough to count. */
const postedByHand = () => ({ [botFields.honeypot]: "", [botFields.formToken]: formTokenAged(HMAC_KEY, 5000) });

async function get(pagePath: string, expected: number): Promise<string> {
  const res = await fetch(server.url + pagePath);
  const html = await res.text();
  expect(res.status, pagePath).toBe(expected);
  return html;
}

/** Books the first free slot as a browser without JavaScript, and follows the redirect to the manage page. */
async function bookingManagePath(): Promise<string> {
  const slot = /name="slot" value="([^"]+)"/.exec(await get("/calendar", 200))?.[1];
  expect(slot, "a free slot on /calendar").toBeTruthy();
  const res = await fetch(`${server.url}/calendar`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({
      ...postedByHand(),
      slot: slot!,
      day: slot!.slice(0, 10),
      name: "Thandi Nkosi",
      email: "thandi@example.co.za",
      company: "Nkosi Retail",
      phone: "+27 82 555 0101",
      website: "nkosi.co.za",
      message: "Google Ads spend",
    }),
  });
  const location = res.headers.get("location");
  expect(location, "the booking's redirect").toMatch(/^\/calendar\/manage\//);
  return location!;
}

/** A refused sign-in, as a browser sends it (the form's token, its cookie), for an address with no account. */
async function refusedSignIn(): Promise<string> {
  const page = await fetch(`${server.url}/admin/login`);
  const token = /name="token" value="([^"]+)"/.exec(await page.text())?.[1];
  expect(token, "the sign-in form's token").toBeTruthy();
  const cookie = page.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const res = await fetch(`${server.url}/admin/login`, {
    method: "POST",
    headers: { origin: server.url, cookie },
    body: new URLSearchParams({ token: token!, email: "nobody@example.co.za", password: "not the password", next: "/admin" }),
  });
  const html = await res.text();
  expect(res.status, "the refused sign-in").toBe(401);
  expect(html).toContain(LOGIN_FAILED);
  return html;
}

/** The inbox's sign-in steps and account pages, as a new user sees them at their first sign-in and the next. */
async function inboxPages(): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const email = "agent@roimedia.co.za";
  const password = "a long enough passphrase";
  await createUser(server.dataDir, email, password);
  const agent = new InboxBrowser(server.url, "192.0.2.50");
  expect((await agent.password(email, password)).status).toBe(303);
  const setUp = await agent.request("/admin/login/enrol?next=%2Fadmin");
  found.set("/admin/login/enrol", setUp.text);
  rememberAuthenticator(email, /id="totp-secret"[^>]*>([^<]+)</.exec(setUp.text)![1]!);
  const token = agent.cookies.get("roi_admin_login")!;
  const done = await agent.request("/admin/login/enrol", { body: { token, code: await authenticatorCode(email), next: "/admin" } });
  expect(done.status).toBe(200);
  found.set("/admin/login/enrol with the recovery codes", done.text);
  for (const pagePath of ["/admin/users", "/admin/sessions", "/admin/account", "/admin/articles", "/admin/articles/new", "/admin/system"])
    found.set(pagePath, (await agent.request(pagePath)).text);
  const next = new InboxBrowser(server.url, "192.0.2.51");
  expect((await next.password(email, password)).status).toBe(303);
  found.set("/admin/login/code", (await next.request("/admin/login/code?next=%2Fadmin")).text);
  return found;
}

/** Runs the checker once over every page (the JVM's start is the slow part) and returns its messages by page. */
async function validate(): Promise<Map<string, VnuMessage[]>> {
  const dir = mkdtempSync(path.join(tmpdir(), "html-validity-"));
  try {
    const labels = [...pages.keys()];
    const files = [...pages.values()].map((html, i) => {
      const file = path.join(dir, `${i}.html`);
      writeFileSync(file, html);
      return file;
    });
    // vnu exits 1 when it finds errors; its report is on stdout either way.
    const { stdout } = await promisify(execFile)("java", ["-jar", vnuJar, "--format", "json", "--stdout", ...files], {
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stdout?: string; stderr?: string }) => {
      if (!error.stdout) throw error;
      return { stdout: error.stdout };
    });
    const byPage = new Map<string, VnuMessage[]>([...pages.keys()].map((label) => [label, []]));
    for (const message of (JSON.parse(stdout) as { messages: VnuMessage[] }).messages) {
      // vnu names each file by a URL (file:/tmp/…/3.html); its number is the page's place in the list.
      const label = labels[Number(/(\d+)\.html$/.exec(message.url ?? "")?.[1])] ?? `(${message.url})`;
      if (!byPage.has(label)) byPage.set(label, []);
      byPage.get(label)!.push(message);
    }
    return byPage;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let messages: Map<string, VnuMessage[]>;

beforeAll(async () => {
  server = await startServer({ ALTCHA_HMAC_KEY: HMAC_KEY });
  for (const { path: pagePath } of publicRoutes) {
    const html = await get(pagePath, 200);
    pages.set(pagePath, html);
    if (html.includes(`name="${botFields.formToken}"`)) formPages.push(pagePath);
  }
  pages.set("404 (/no-such-page)", await get("/no-such-page", 404));
  const manage = await bookingManagePath();
  pages.set("booking manage page", await get(manage, 200));
  for (const pagePath of formPages) {
    const refused = await postPage(server, pagePath, postedByHand());
    expect(refused.status, `${pagePath} refuses empty fields`).toBe(400);
    pages.set(`${pagePath} after a refused post`, refused.html);
  }
  pages.set("/admin/login", await get("/admin/login", 200));
  pages.set("/admin/login after a refused sign-in", await refusedSignIn());
  for (const [label, html] of await inboxPages()) pages.set(label, html);
  pages.set(CONTROL, controlHtml);
  messages = await validate();
});
afterAll(async () => {
  await server?.stop();
});

describe("HTML validity (Nu HTML Checker)", () => {
  const errorsOf = (list: VnuMessage[]) => list.filter((m) => m.type === "error" || m.type === "non-document-error");

  it("checks the form pages after a refused post, and reports a known error on the control page", () => {
    expect(formPages).toEqual(expect.arrayContaining(["/contact", "/calendar", "/get-started"]));
    expect(errorsOf(messages.get(CONTROL)!).map((m) => m.message)).toEqual([
      expect.stringContaining("“div” not allowed as child of element “span”"),
    ]);
  });

  it("finds no errors on any page", () => {
    const errors = [...messages]
      .filter(([label]) => label !== CONTROL)
      .flatMap(([label, list]) => errorsOf(list).map((m) => `${label}:${m.lastLine ?? "?"}: ${m.message}`));
    expect(errors).toEqual([]);
  });
});
