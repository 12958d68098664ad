import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { botFields } from "#app/forms/bot-fields.ts";
import { readSiteDb } from "#tests/support/database.ts";
import { enhanced, formTokenAged, postLead } from "#tests/support/leads.ts";
import { freePort, type RunningServer, startServer } from "#tests/support/server.ts";
import { forms } from "#app/forms/registry.ts";

/** A stand-in for Google's and Cloudflare's siteverify: the token says what to answer. */
interface Verification {
  secret: string | null;
  response: string | null;
  remoteip: string | null;
}
const verifications: Verification[] = [];
let siteverify: Server;
let siteverifyUrl: string;

beforeAll(async () => {
  siteverify = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const form = new URLSearchParams(body);
      const token = form.get("response") ?? "";
      verifications.push({ secret: form.get("secret"), response: token, remoteip: form.get("remoteip") });
      const score = /^score-(.+)$/.exec(token)?.[1];
      const answer = score ? { success: true, score: Number(score) } : { success: token === "valid" };
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => siteverify.listen(0, "127.0.0.1", resolve));
  siteverifyUrl = `http://127.0.0.1:${(siteverify.address() as AddressInfo).port}/siteverify`;
});
afterAll(async () => {
  await new Promise((resolve) => siteverify?.close(resolve));
});

const newsletter = (token: string, email = `p-${Math.random().toString(36).slice(2)}@example.co.za`) => ({ email, ...enhanced(token) });
const stored = (server: RunningServer, email: string) =>
  readSiteDb<{ bot_check: string }>(server.dataDir, "SELECT bot_check FROM form_submissions WHERE email = ?", email);

describe("reCAPTCHA v3", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({
      CAPTCHA_PROVIDER: "recaptcha-v3",
      CAPTCHA_SITE_KEY: "site-key",
      CAPTCHA_SECRET_KEY: "secret-key",
      CAPTCHA_VERIFY_URL: siteverifyUrl,
    });
  });
  afterAll(() => server?.stop());

  it("refuses a score of 0.49 and accepts 0.5, checking with the secret", async () => {
    const low = newsletter("score-0.49");
    const refused = await postLead(server, "/blog", low);
    expect(refused.status).toBe(403);
    expect(refused.result).toMatchObject({ ok: false, title: "Error", message: forms.newsletter.messages.botCheckFailed });
    expect(stored(server, low.email)).toEqual([]);

    const enough = newsletter("score-0.5");
    const accepted = await postLead(server, "/blog", enough);
    expect(accepted.result).toEqual({ ok: true, form: "newsletter", ...forms.newsletter.messages.success });
    expect(stored(server, enough.email)).toEqual([{ bot_check: "recaptcha-v3" }]);
    expect(verifications.at(-1)).toEqual({ secret: "secret-key", response: "score-0.5", remoteip: "127.0.0.1" });
  });

  it("refuses a success without a score, and a missing token", async () => {
    expect((await postLead(server, "/blog", newsletter("valid"))).status).toBe(403);
    expect((await postLead(server, "/blog", newsletter(""))).result.message).toBe(forms.newsletter.messages.botCheckFailed);
  });

  it("lets the pages load Google's script and frame", async () => {
    const csp = (await fetch(`${server.url}/contact`)).headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src [^;]*https:\/\/www\.google\.com\/recaptcha\//);
    expect(csp).toMatch(/script-src [^;]*https:\/\/www\.gstatic\.com\/recaptcha\//);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/www\.google\.com\/recaptcha\//);
  });

  it("serves no ALTCHA challenge", async () => {
    expect((await fetch(`${server.url}/api/altcha/challenge`)).status).toBe(404);
  });
});

describe("reCAPTCHA v2 and Turnstile", () => {
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.stop();
  });

  it.each(["recaptcha-v2", "turnstile"])("%s: success is accepted, anything else refused", async (provider) => {
    const server = await startServer({
      CAPTCHA_PROVIDER: provider,
      CAPTCHA_SITE_KEY: "site-key",
      CAPTCHA_SECRET_KEY: "secret-key",
      CAPTCHA_VERIFY_URL: siteverifyUrl,
    });
    servers.push(server);
    const good = newsletter("valid");
    expect((await postLead(server, "/blog", good)).status).toBe(200);
    expect(stored(server, good.email)).toEqual([{ bot_check: provider }]);
    expect((await postLead(server, "/blog", newsletter("invalid"))).result.message).toBe(forms.newsletter.messages.botCheckFailed);
    // The widgets' own field names are read too.
    const widgetField = provider === "turnstile" ? "cf-turnstile-response" : "g-recaptcha-response";
    const viaWidget = { email: `w-${provider}@example.co.za`, [botFields.enhanced]: "1", [widgetField]: "valid" };
    expect((await postLead(server, "/blog", viaWidget)).status).toBe(200);
    if (provider === "turnstile") {
      const csp = (await fetch(`${server.url}/contact`)).headers.get("content-security-policy")!;
      expect(csp).toMatch(/frame-src [^;]*https:\/\/challenges\.cloudflare\.com/);
    }
  });

  it("an unreachable provider is a failed check", async () => {
    const server = await startServer({
      CAPTCHA_PROVIDER: "recaptcha-v2",
      CAPTCHA_SITE_KEY: "site-key",
      CAPTCHA_SECRET_KEY: "secret-key",
      CAPTCHA_VERIFY_URL: `http://127.0.0.1:${await freePort()}/siteverify`,
    });
    servers.push(server);
    const answer = await postLead(server, "/blog", newsletter("valid"));
    expect(answer.status).toBe(403);
    expect(answer.result.message).toBe(forms.newsletter.messages.botCheckFailed);
  });

  it("refuses to start without the provider's secret, naming the variable", async () => {
    await expect(startServer({ CAPTCHA_PROVIDER: "turnstile", CAPTCHA_SITE_KEY: "k" })).rejects.toThrow(/CAPTCHA_SECRET_KEY/);
  });
});

describe("ALTCHA key and posts without JavaScript", () => {
  it("generates the signing key into DATA_DIR once, keeps it across restarts, and NOSCRIPT_POSTS=reject refuses", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "site-key-test-"));
    const keyFile = path.join(dataDir, "altcha-hmac.key");
    try {
      const first = await startServer({ DATA_DIR: dataDir });
      await first.stop();
      const key = readFileSync(keyFile, "utf8");
      expect(key).toMatch(/^[0-9a-f]{64}$/);

      const second = await startServer({ DATA_DIR: dataDir });
      try {
        expect(readFileSync(keyFile, "utf8")).toBe(key);
        // A form token signed with the kept key is good after the restart.
        const token = formTokenAged(key, 10_000);
        expect((await postLead(second, "/blog", { email: "kept@example.co.za", [botFields.formToken]: token })).status).toBe(200);
      } finally {
        await second.stop();
      }

      const strict = await startServer({ DATA_DIR: dataDir, NOSCRIPT_POSTS: "reject" });
      try {
        const count = () => readSiteDb(dataDir, "SELECT id FROM form_submissions").length;
        const before = count();
        const answer = await postLead(strict, "/blog", { email: "nojs@example.co.za", [botFields.formToken]: formTokenAged(key, 10_000) });
        expect(answer.status).toBe(403);
        expect(answer.result.message).toBe(forms.newsletter.messages.botCheckFailed);
        expect(count()).toBe(before);
      } finally {
        await strict.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
