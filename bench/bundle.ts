// First-load JavaScript of each prerendered page: every script the HTML loads
// or preloads, measured gzipped as the server sends it.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { prerenderedPaths } from "../app/config/public-routes.ts";

export interface BundleRow {
  path: string;
  scripts: number;
  jsBytes: number;
  jsBytesGz: number;
}

const clientDir = path.resolve("build/client");

export function measureBundles(): BundleRow[] {
  return prerenderedPaths().map((route) => {
    const htmlFile = path.join(clientDir, route === "/" ? "" : route, "index.html");
    if (!existsSync(htmlFile)) throw new Error(`no prerendered page for ${route}: run npm run build`);
    const html = readFileSync(htmlFile, "utf8");
    const urls = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
    const bodies = [...urls].map((url) => readFileSync(path.join(clientDir, url)));
    return {
      path: route,
      scripts: urls.size,
      jsBytes: bodies.reduce((sum, body) => sum + body.length, 0),
      jsBytesGz: bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0),
    };
  });
}
