// First-load JavaScript of every public page: the scripts React Router preloads
// for it (the client entry, then each matched route's module and its imports),
// read from the build's manifest and measured gzipped as the server sends them.
// Pages rendered per request are measured the same way, so forms count too.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { publicRoutes } from "../app/config/public-routes.ts";

/** Issue 20's targets, gzipped: pages a visitor only reads, and pages with a form of their own. */
export const FIRST_LOAD_TARGET = { content: 90 * 1024, form: 120 * 1024 } as const;

/** Pages whose main content is a form (the newsletter on /blog too); the footer's profile dialog loads on demand everywhere. */
const formPages = new Set(["/blog", "/contact", "/free-audit", "/free-ai-assessment", "/get-started", "/company-profile", "/calendar"]);

export interface BundleRow {
  path: string;
  kind: keyof typeof FIRST_LOAD_TARGET;
  scripts: number;
  jsBytes: number;
  jsBytesGz: number;
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
}

const clientDir = path.resolve("build/client");

function readManifest(): Manifest {
  const assets = path.join(clientDir, "assets");
  const file = existsSync(assets) ? readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name)) : undefined;
  if (!file) throw new Error("no React Router manifest in build/client/assets: run npm run build");
  const source = readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(source.slice(source.indexOf("=") + 1).replace(/;\s*$/, "")) as Manifest;
}

/** The route's full path pattern, from the root down. */
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

/** The leaf route a path renders (a page route, not a layout), and its ancestors. */
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

export function measureBundles(): BundleRow[] {
  const manifest = readManifest();
  return publicRoutes.map(({ path: route }) => {
    // The manifest itself is inline in the page's HTML, not a script of its own.
    const urls = new Set([manifest.entry.module, ...manifest.entry.imports]);
    for (const matched of matchedChain(manifest, route)) {
      for (const url of [matched.module, ...(matched.imports ?? [])]) urls.add(url);
    }
    const bodies = [...urls].map((url) => readFileSync(path.join(clientDir, url)));
    return {
      path: route,
      kind: formPages.has(route) ? "form" : "content",
      scripts: urls.size,
      jsBytes: bodies.reduce((sum, body) => sum + body.length, 0),
      jsBytesGz: bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0),
    };
  });
}
