import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";
import { recoveryCode, signInOverHttp } from "#tests/support/admin-users.ts";

let browsers = 0;

/**
 * A browser without JavaScript for the inbox, over plain HTTP: its own
 * address (sent as the proxy's X-Forwarded-For) and user agent, its cookies,
 * and the Origin header a browser sends with a post.
 */
export class InboxBrowser {
  readonly cookies = new Map<string, string>();
  readonly userAgent = `InboxTestBrowser/${++browsers}`;
  readonly siteUrl: string;
  readonly address: string;

  constructor(siteUrl: string, address: string) {
    this.siteUrl = siteUrl;
    this.address = address;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async request(pathname: string, init: { method?: string; body?: Record<string, string>; headers?: Record<string, string> } = {}) {
    const res = await fetch(`${this.siteUrl}${pathname}`, {
      method: init.method ?? (init.body ? "POST" : "GET"),
      redirect: "manual",
      headers: {
        "x-forwarded-for": this.address,
        "user-agent": this.userAgent,
        cookie: this.cookieHeader(),
        ...(init.body ? { origin: this.siteUrl } : {}),
        ...init.headers,
      },
      body: init.body ? new URLSearchParams(init.body) : undefined,
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const [name, ...value] = pair!.split("=");
      if (attributes.some((a) => /max-age=0/i.test(a))) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join("="));
    }
    return { status: res.status, location: res.headers.get("location"), headers: res.headers, text: await res.text() };
  }

  /** The answer itself, unread (to time a download as it streams), with the session's cookies; cookies it sets are not kept. */
  raw(pathname: string, headers: Record<string, string> = {}): Promise<Response> {
    return fetch(`${this.siteUrl}${pathname}`, {
      redirect: "manual",
      headers: { "x-forwarded-for": this.address, "user-agent": this.userAgent, cookie: this.cookieHeader(), ...headers },
    });
  }

  /** A form of the inbox posted with the session's synchronizer token, read from `page` first. */
  async post(pathname: string, body: Record<string, string>, page = pathname) {
    return this.request(pathname, { body: { csrf: await this.csrf(page), ...body } });
  }

  get session(): string | undefined {
    return this.cookies.get("roi_admin");
  }

  /** The sign-in's first step alone, as a person posts it: 303 on to the second step when the password is right. */
  async password(email: string, password: string) {
    const page = await this.request("/admin/login");
    const token = /name="token" value="([^"]+)"/.exec(page.text)?.[1];
    expect(token, "the sign-in form's token").toBeTruthy();
    return this.request("/admin/login", { body: { token: token!, email, password, next: "/admin" } });
  }

  /** Signs in through both steps, as a person does (setting up the app at the first sign-in). */
  signIn(email: string, password: string) {
    return signInOverHttp((pathname, body) => this.request(pathname, body ? { body } : {}), email, password);
  }

  /** Signs in with one of the user's recovery codes in place of the app's code; answers the second step's answer. */
  async signInWithRecoveryCode(email: string, password: string, code = recoveryCode(email)) {
    expect((await this.password(email, password)).status, "the password step").toBe(303);
    return this.request("/admin/login/code", { body: { token: this.cookies.get("roi_admin_login") ?? "", code, next: "/admin" } });
  }

  /** A page of a real browser signed in as this one: its cookies, its address and user agent. */
  async pageIn(browser: Browser): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([...this.cookies].map(([name, value]) => ({ name, value, url: this.siteUrl })));
    const page = await context.newPage();
    await page.setExtraHTTPHeaders({ "x-forwarded-for": this.address, "user-agent": this.userAgent });
    return page;
  }

  /** The session's synchronizer token, as the inbox's forms carry it (from `page`, the inbox by default). */
  async csrf(page = "/admin"): Promise<string> {
    const answer = await this.request(page);
    const token = /name="csrf" value="([^"]+)"/.exec(answer.text)?.[1];
    expect(token, `the form token of ${page}`).toBeTruthy();
    return token!;
  }
}
