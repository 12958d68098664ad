import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicRoutes } from "#app/config/public-routes.ts";
import { site } from "#app/config/site.ts";
import { notFoundMeta } from "#app/content/not-found.ts";
import { buildStamps } from "#app/lib/build-stamps.ts";
import { type RunningServer, startServer } from "#tests/support/server.ts";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

describe("serving", () => {
  it.each(publicRoutes.map((r) => r.path))("answers 200 with HTML for %s", async (path) => {
    const res = await fetch(server.url + path);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toMatch(/<html lang="en-ZA"/);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
  });

  it("answers 404 with the not-found page for an unknown path and logs it", async () => {
    const res = await fetch(`${server.url}/no-such-page`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Oops! Page not found");
    expect(html).toContain("Return to Home");
    // Titled like every other page, with the agency's name after it, and the one title.
    expect(html.match(/<title>[^<]*<\/title>/g)).toEqual([`<title>${notFoundMeta.title} | ${site.name}</title>`]);
    expect(server.output()).toContain("/no-such-page");
  });

  it("answers 404 for a service or article the content does not know, titled as the 404 page", async () => {
    for (const path of ["/services/knitting", "/blog/no-such-article"]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(404);
      expect((await res.text()).match(/<title>[^<]*<\/title>/g), path).toEqual([`<title>${notFoundMeta.title} | ${site.name}</title>`]);
    }
  });

  it("allows a prerendered page's inline scripts by their hashes, the same for every visitor, with no unsafe-inline", async () => {
    const first = await fetch(`${server.url}/about`);
    const second = await fetch(`${server.url}/about`);
    const csp = first.headers.get("content-security-policy")!;
    expect(csp).toBe(second.headers.get("content-security-policy"));
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).not.toContain("nonce-");
    expect(csp).toContain("frame-ancestors 'none'");
    const html = await first.text();
    expect(html).toBe(await second.text());
    expect(html).not.toMatch(/nonce="/);
    // Every inline script that runs (the inert hydration script runs after paint) is allowed by its hash;
    // an empty one (analytics, off here) runs nothing and needs none.
    const allowed = new Set([...csp.matchAll(/'sha256-([^']+)'/g)].map((m) => m[1]));
    const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)]
      .map((m) => m[1]!)
      .filter((script) => script !== "");
    expect(allowed.size).toBe(inline.length);
    expect(inline.length).toBeGreaterThan(2);
    for (const script of inline) expect(allowed).toContain(createHash("sha256").update(script).digest("base64"));
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(first.headers.get("permissions-policy")).toContain("camera=()");
    // HSTS only makes sense behind HTTPS; this test server is plain HTTP.
    expect(first.headers.get("strict-transport-security")).toBeNull();
  });

  it("sends a prerendered page in the best encoding the client takes, and 304 when it still has it", async () => {
    const plain = await fetch(`${server.url}/pricing`, { headers: { "accept-encoding": "identity" } });
    const html = await plain.text();
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");
    const etag = plain.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"[^"]+"$/);
    for (const [accept, encoding] of [
      ["gzip, deflate, br, zstd", "br"],
      ["gzip", "gzip"],
      ["br;q=0, gzip", "gzip"],
    ]) {
      const res = await fetch(`${server.url}/pricing?utm_source=google`, { headers: { "accept-encoding": accept! } });
      expect(res.headers.get("content-encoding"), accept).toBe(encoding);
      expect(res.headers.get("etag"), accept).toBe(etag);
      expect(await res.text(), accept).toBe(html);
    }
    const again = await fetch(`${server.url}/pricing`, { headers: { "if-none-match": etag, "accept-encoding": "br" } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe("");
    const changed = await fetch(`${server.url}/pricing`, { headers: { "if-none-match": 'W/"another"' } });
    expect(changed.status).toBe(200);
  });

  it("serves per-request pages with the nonce of their own response", async () => {
    const res = await fetch(`${server.url}/contact`);
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy")!)![1]!;
    const html = await res.text();
    const nonces = [...html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);
    expect(nonces.length).toBeGreaterThan(0);
    expect(new Set(nonces)).toEqual(new Set([nonce]));
    const next = await fetch(`${server.url}/contact`);
    expect(next.headers.get("content-security-policy")).not.toContain(`'nonce-${nonce}'`);
  });

  it("serves hashed assets immutable and precompressed", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const script = /src="(\/assets\/[^"]+\.js)"|href="(\/assets\/[^"]+\.js)"/.exec(html);
    const asset = script![1] ?? script![2];
    const br = await fetch(server.url + asset, { headers: { "accept-encoding": "br" } });
    expect(br.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const css = /href="(\/assets\/[^"]+\.css)"/.exec(html)![1]!;
    const gz = await fetch(server.url + css, { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gz.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("revalidates HTML instead of caching it", async () => {
    const res = await fetch(`${server.url}/pricing`);
    expect(res.headers.get("cache-control")).toBe("no-cache");
  });

  it("reports health", async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("lists every public route in the sitemap, which robots.txt points to", async () => {
    const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
    for (const route of publicRoutes) expect(xml).toContain(`<loc>${server.url}${route.path === "/" ? "/" : route.path}</loc>`);
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  });
});

describe("process", () => {
  it("stops at start with a message naming a bad setting", () => {
    const result = spawnSync(process.execPath, ["server.ts"], {
      env: { ...process.env, PORT: "not-a-port" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain("PORT");
  });

  it("finishes gracefully on SIGTERM", async () => {
    const other = await startServer();
    await other.stop();
    expect(other.output()).toContain("SIGTERM received");
  });
});

describe("runtime settings on prerendered pages", () => {
  it("shows the SITE_URL, INTRO_VIDEO_ID and GA_MEASUREMENT_ID the server runs with, not the build's", async () => {
    const other = await startServer({
      SITE_URL: "https://www.example.co.za",
      INTRO_VIDEO_ID: "abcDEF12345",
      GA_MEASUREMENT_ID: "G-REAL42",
    });
    try {
      const html = await (await fetch(`${other.url}/`)).text();
      expect(html).toContain('href="https://www.example.co.za/"');
      expect(html).toContain("abcDEF12345");
      expect(html).not.toContain("build-time-site-url");
      expect(html.includes('gtag("config", "G-REAL42")')).toBe(true);
      expect(html.includes(buildStamps.GA_MEASUREMENT_ID)).toBe(false);
      const data = await (await fetch(`${other.url}/_.data`)).text();
      expect(data).toContain("abcDEF12345");
    } finally {
      await other.stop();
    }
  });

  it("stamps an empty intro video id when INTRO_VIDEO_ID is unset, so the home page shows no video", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toContain('data-intro-video=""');
    expect(html).not.toContain(buildStamps.INTRO_VIDEO_ID);
    expect(await (await fetch(`${server.url}/_.data`)).text()).not.toContain(buildStamps.INTRO_VIDEO_ID);
  });

  it("leaves no analytics script in a prerendered page when GA_MEASUREMENT_ID is unset", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html.includes(buildStamps.GA_MEASUREMENT_ID)).toBe(false);
    expect(html.includes("googletagmanager")).toBe(false);
    expect(html.includes("<script></script>")).toBe(true);
  });
});
