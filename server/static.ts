import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { RequestHandler, Response } from "express";
import { buildStamps, NONCE_PLACEHOLDER, type StampedSetting } from "../app/lib/build-stamps.ts";
import { filesUnder } from "./files.ts";

/** Hashed build assets never change under their name. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** Folders whose file names carry a hash of their content (Vite's assets, social cards). */
const HASHED_DIRS = ["/assets/", "/og/"];
/** Everything else is checked with the server on each use. */
export const REVALIDATE = "public, max-age=0, must-revalidate";

const contentTypes: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".data": "text/x-script; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".jpg": "image/jpeg",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".pdf": "application/pdf",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
};

interface StaticFile {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  type: string;
  cacheControl: string;
  etag: string;
}

function readIfPresent(file: string): Buffer | undefined {
  return existsSync(file) ? readFileSync(file) : undefined;
}

/**
 * Serves the client build from memory: hashed assets with immutable caching and
 * their precompressed brotli/gzip twins, and prerendered pages with a fresh CSP
 * nonce stamped in on every response.
 */
/** Replaces the build's placeholders with the settings this process runs with. */
function stamp(text: string, settings: Record<StampedSetting, string>): string {
  return Object.entries(buildStamps).reduce(
    (result, [name, placeholder]) => result.replaceAll(placeholder, settings[name as StampedSetting]),
    text,
  );
}

export function staticFiles(
  clientDir: string,
  settings: Record<StampedSetting, string>,
): { handler: RequestHandler; prerendered: Set<string> } {
  const files = new Map<string, StaticFile>();
  const pages = new Map<string, string>();
  if (existsSync(clientDir)) {
    for (const full of filesUnder(clientDir)) {
      if (full.endsWith(".br") || full.endsWith(".gz")) continue;
      const rel = "/" + path.relative(clientDir, full).split(path.sep).join("/");
      if (rel.endsWith("/index.html") || rel === "/index.html") {
        const route = rel.slice(0, -"/index.html".length) || "/";
        pages.set(route, stamp(readFileSync(full, "utf8"), settings));
        continue;
      }
      // Prerendered loader data holds the stamped settings too.
      const body = full.endsWith(".data") ? Buffer.from(stamp(readFileSync(full, "utf8"), settings)) : readFileSync(full);
      const stat = statSync(full);
      files.set(rel, {
        body,
        br: readIfPresent(full + ".br"),
        gzip: readIfPresent(full + ".gz"),
        type: contentTypes[path.extname(full)] ?? "application/octet-stream",
        cacheControl: HASHED_DIRS.some((dir) => rel.startsWith(dir)) ? IMMUTABLE : REVALIDATE,
        etag: `"${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}"`,
      });
    }
  }

  function send(res: Response, file: StaticFile, acceptEncoding: string, head: boolean) {
    const encoded =
      /\bbr\b/.test(acceptEncoding) && file.br
        ? { body: file.br, encoding: "br" }
        : /\bgzip\b/.test(acceptEncoding) && file.gzip
          ? { body: file.gzip, encoding: "gzip" }
          : { body: file.body, encoding: undefined };
    res.setHeader("Content-Type", file.type);
    res.setHeader("Cache-Control", file.cacheControl);
    res.setHeader("ETag", file.etag);
    res.setHeader("Vary", "Accept-Encoding");
    if (encoded.encoding) res.setHeader("Content-Encoding", encoded.encoding);
    res.setHeader("Content-Length", encoded.body.length);
    res.end(head ? undefined : encoded.body);
  }

  const handler: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const head = req.method === "HEAD";
    const file = files.get(req.path);
    if (file) {
      if (req.headers["if-none-match"] === file.etag) {
        res.status(304).setHeader("Cache-Control", file.cacheControl).end();
        return;
      }
      return send(res, file, String(req.headers["accept-encoding"] ?? ""), head);
    }
    const route = req.path.length > 1 ? req.path.replace(/\/+$/, "") : req.path;
    const page = pages.get(route);
    if (page !== undefined) {
      res.setHeader("Content-Type", contentTypes[".html"]!);
      // Each response carries its own nonce, so a cached copy must not be reused as is.
      res.setHeader("Cache-Control", "no-cache");
      const html = page.replaceAll(NONCE_PLACEHOLDER, res.locals.cspNonce);
      res.end(head ? undefined : html);
      return;
    }
    next();
  };
  return { handler, prerendered: new Set(pages.keys()) };
}
