// Each public page's JavaScript at load and on intent (decisions 0021, 0043), gzipped per script (an upper bound for
// inline ones), and its document as sent with brotli (decision 0023).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { get } from "node:http";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { publicRoutes } from "#app/config/public-routes.ts";
import { AFTER_LOAD_SCRIPT } from "#app/before-react/hydration-on-intent.ts";
import type { FIRST_LOAD_TARGET } from "#bench/budgets.ts";
import { startServer } from "#tests/support/server.ts";

/** The footer's profile dialog loads its form on demand, so it makes no page a form page. */
const formPages = new Set(["/blog", "/contact", "/free-audit", "/free-ai-assessment", "/get-started", "/company-profile", "/calendar"]);

export interface Scripts {
  scripts: number;
  bytes: number;
  bytesGz: number;
}

export interface BundleRow {
  path: string;
  kind: keyof typeof FIRST_LOAD_TARGET;
  /** As HTTP/1.1 writes the headers (HTTP/2 sends them smaller). */
  document: { bodyBytes: number; headerBytes: number };
  atLoad: Scripts;
  onIntent: Scripts;
}

function documentSize(url: string): Promise<BundleRow["document"]> {
  return new Promise((resolve, reject) => {
    const request = get(
      url,
      { headers: { "Accept-Encoding": "gzip, deflate, br, zstd", "User-Agent": "Mozilla/5.0 Chrome/150" } },
      (response) => {
        let bodyBytes = 0;
        response.on("data", (chunk: Buffer) => (bodyBytes += chunk.length));
        response.on("end", () => {
          const raw = response.rawHeaders;
          let headerBytes = `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n`.length + 2;
          for (let i = 0; i < raw.length; i += 2) headerBytes += raw[i]!.length + 2 + raw[i + 1]!.length + 2;
          resolve({ bodyBytes, headerBytes });
        });
        response.on("error", reject);
      },
    );
    request.on("error", reject);
  });
}

function measured(bodies: Buffer[]): Scripts {
  return {
    scripts: bodies.length,
    bytes: bodies.reduce((sum, body) => sum + body.length, 0),
    bytesGz: bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0),
  };
}

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
  /** The manifest's own file, which the hydration script imports (routeDiscovery "initial"). */
  url: string;
}

const clientDir = path.resolve("build/client");

function readManifest(): Manifest {
  const assets = path.join(clientDir, "assets");
  const file = existsSync(assets) ? readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name)) : undefined;
  if (!file) throw new Error("no React Router manifest in build/client/assets: run npm run build");
  const source = readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(source.slice(source.indexOf("=") + 1).replace(/;\s*$/, "")) as Manifest;
}

function fullPattern(routes: Record<string, ManifestRoute>, route: ManifestRoute): string[] {
  const own = (route.path ?? "").split("/").filter(Boolean);
  const parent = route.parentId ? routes[route.parentId] : undefined;
  return parent ? [...fullPattern(routes, parent), ...own] : own;
}

function matches(pattern: string[], segments: string[]): boolean {
  if (pattern.at(-1) === "*")
    return segments.length >= pattern.length - 1 && pattern.slice(0, -1).every((p, i) => p.startsWith(":") || p === segments[i]);
  return pattern.length === segments.length && pattern.every((p, i) => p.startsWith(":") || p === segments[i]);
}

function matchedChain(manifest: Manifest, pathname: string): ManifestRoute[] {
  const segments = pathname.split("/").filter(Boolean);
  const routes = Object.values(manifest.routes);
  const isParent = new Set(routes.map((r) => r.parentId));
  // Exact routes before the catch-all.
  const leaves = routes.filter((r) => !isParent.has(r.id)).sort((a, b) => Number(a.path === "*") - Number(b.path === "*"));
  const leaf = leaves.find((r) => matches(fullPattern(manifest.routes, r), segments));
  if (!leaf) throw new Error(`no route matches ${pathname}`);
  const chain: ManifestRoute[] = [];
  for (let route: ManifestRoute | undefined = leaf; route; route = route.parentId ? manifest.routes[route.parentId] : undefined) {
    chain.unshift(route);
  }
  return chain;
}

function onIntent(manifest: Manifest, route: string): Buffer[] {
  const urls = new Set([manifest.url, manifest.entry.module, ...manifest.entry.imports]);
  for (const matched of matchedChain(manifest, route)) {
    for (const url of [matched.module, ...(matched.imports ?? [])]) urls.add(url);
  }
  return [...urls].map((url) => readFileSync(path.join(clientDir, url)));
}

async function atLoad(base: string, html: string): Promise<Buffer[]> {
  const bodies: Buffer[] = [];
  for (const [, attributes, content] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const type = /\stype="([^"]*)"/.exec(attributes!)?.[1] ?? "";
    if (!["", "module", "text/javascript"].includes(type)) continue; // data blocks and the inert hydration script run nothing
    const src = /\ssrc="([^"]*)"/.exec(attributes!)?.[1];
    if (!src) bodies.push(Buffer.from(content!));
    else bodies.push(await scriptFile(new URL(src, base)));
  }
  for (const [, src] of html.matchAll(new RegExp(`<template\\b[^>]*\\s${AFTER_LOAD_SCRIPT}="([^"]*)"`, "g")))
    bodies.push(await scriptFile(new URL(src!, base)));
  return bodies;
}

async function scriptFile(url: URL): Promise<Buffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname}: ${response.status}, not a script`);
  return Buffer.from(await response.arrayBuffer());
}

export async function measureBundles(): Promise<BundleRow[]> {
  const manifest = readManifest();
  const server = await startServer();
  try {
    const rows: BundleRow[] = [];
    for (const { path: route } of publicRoutes) {
      const response = await fetch(server.url + route, { headers: { "Accept-Encoding": "identity" } });
      if (!response.ok) throw new Error(`${route}: ${response.status}`);
      rows.push({
        path: route,
        kind: formPages.has(route) ? "form" : "content",
        document: await documentSize(server.url + route),
        atLoad: measured(await atLoad(server.url, await response.text())),
        onIntent: measured(onIntent(manifest, route)),
      });
    }
    return rows;
  } finally {
    await server.stop();
  }
}
