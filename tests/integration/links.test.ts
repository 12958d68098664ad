import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicRoutes } from "#app/config/public-routes.ts";
import { type RunningServer, startServer } from "#tests/support/server.ts";

/** The company profile's page, where every public page's profile dialog posts its first step without React. */
const PROFILE_PATH = "/company-profile";

let server: RunningServer;
/** Internal link target (path and query) -> the pages that link to it. */
const linkedFrom = new Map<string, Set<string>>();
/** Public pages that did not answer 200 themselves. */
const brokenPages: string[] = [];
/** Same-page fragments that did not match an element id. */
const brokenFragments: string[] = [];

function hrefsIn(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*\shref="([^"]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
}

beforeAll(async () => {
  server = await startServer();
  for (const { path } of publicRoutes) {
    const res = await fetch(server.url + path);
    const html = await res.text();
    if (res.status !== 200) brokenPages.push(`${path} -> ${res.status}`);
    for (const href of hrefsIn(html)) {
      if (href.startsWith("#")) {
        if (href.length > 1 && !html.includes(`id="${href.slice(1)}"`)) brokenFragments.push(`${path}${href}`);
        continue;
      }
      const url = new URL(href, server.url + path);
      if (url.origin !== server.url) continue;
      const target = url.pathname + url.search;
      if (!linkedFrom.has(target)) linkedFrom.set(target, new Set());
      linkedFrom.get(target)!.add(path);
    }
  }
});
afterAll(async () => {
  await server?.stop();
});

describe("links across the built site", () => {
  it("crawls every public page", () => {
    expect(brokenPages).toEqual([]);
    expect(linkedFrom.size).toBeGreaterThan(publicRoutes.length);
    expect(linkedFrom.has("/get-started?service=googleAds")).toBe(true);
  });

  it("answers 200 for every internal link", async () => {
    const broken: string[] = [];
    for (const [target, sources] of linkedFrom) {
      const res = await fetch(server.url + target, { redirect: "manual" });
      await res.body?.cancel();
      if (res.status !== 200) broken.push(`${target} -> ${res.status} (linked from ${[...sources].join(", ")})`);
    }
    expect(broken).toEqual([]);
  });

  it("points every same-page link at an element of that page", () => {
    expect(brokenFragments).toEqual([]);
  });

  it(`serves ${PROFILE_PATH}, where the about page's profile dialog posts its first step`, async () => {
    expect(await fetch(`${server.url}/about`).then((about) => about.text())).toMatch(new RegExp(`<form [^>]*action="${PROFILE_PATH}"`));
    const res = await fetch(server.url + PROFILE_PATH);
    expect(res.status).toBe(200);
  });
});
