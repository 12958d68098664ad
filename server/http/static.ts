import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { type StampedSettings, stamp } from "#app/lib/build-stamps.ts";
import { INERT_MODULE_TYPE } from "#app/before-react/hydration-on-intent.ts";
import { filesUnder } from "#server/files.ts";
import { FIRST_ROUND_TRIP_BODY_BYTES } from "#server/http/first-round-trip.ts";
import { IMMUTABLE, NO_CACHE, REVALIDATE } from "#app/lib/cache-control.ts";

const HASHED_DIRS = ["/assets/", "/og/"];
/** Stamped files cannot be compressed by the build; quality 11 costs about three times as much (decision 0017). */
const STAMPED_BROTLI_QUALITY = 10;
const STAMPED_GZIP_LEVEL = 9;
const MIN_COMPRESS_BYTES = 1024;

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

type Encoding = "br" | "gzip" | "identity";

interface Prepared {
  etag: string;
  bodies: Partial<Record<Encoding, { body: Buffer; headers: OutgoingHttpHeaders }>>;
  notModified: OutgoingHttpHeaders;
  compressing?: () => Promise<void>;
}

type SecurityHeaders = (inlineScripts: readonly string[]) => Record<string, string>;

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("base64");

/** The CSP covers the inert hydration script and the speculation rules too; data blocks and empty scripts need none. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, content] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\ssrc=/.test(attributes!)) continue;
    const type = /\stype="([^"]*)"/.exec(attributes!)?.[1] ?? "";
    if (!["", "module", "text/javascript", INERT_MODULE_TYPE, "speculationrules"].includes(type)) continue;
    // An empty script (analytics off) is never run, so never checked against the CSP.
    if (!content) continue;
    hashes.add(`'sha256-${sha256(content!)}'`);
  }
  return [...hashes];
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Spent only where it brings a page within the first round trip (decision 0017). */
const BROTLI_BEST = 11;

const brotliAt = (body: Buffer, quality: number) =>
  brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });

async function compressed(body: Buffer): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([brotliAt(body, STAMPED_BROTLI_QUALITY), gzipAsync(body, { level: STAMPED_GZIP_LEVEL })]);
  return { br: br.length > FIRST_ROUND_TRIP_BODY_BYTES ? await brotliAt(body, BROTLI_BEST) : br, gzip: gz };
}

function readIfPresent(file: string): Buffer | undefined {
  return existsSync(file) ? readFileSync(file) : undefined;
}

/** Compressed when first asked for rather than at start, so each test server compresses only what it serves (decision 0050). */
function compressedOnFirstAsk(body: Buffer, fixed: Parameters<typeof prepare>[2]): Prepared {
  // Varies by Accept-Encoding from the first: a 304 before the first compression says so too.
  const file = prepare(body, {}, fixed, true);
  let compressing: Promise<void> | undefined;
  file.compressing = () =>
    (compressing ??= compressed(body).then((twins) => {
      Object.assign(file, prepare(body, twins, fixed));
      delete file.compressing;
    }));
  return file;
}

function prepare(
  body: Buffer,
  twins: { br?: Buffer; gzip?: Buffer },
  fixed: { type: string; cacheControl: string; security: Record<string, string> },
  varies = Boolean(twins.br ?? twins.gzip),
): Prepared {
  // Weak: the encodings are the same content, so one ETag serves them all.
  const etag = `W/"${sha256(body).slice(0, 27)}"`;
  const common: OutgoingHttpHeaders = {
    ...fixed.security,
    "Content-Type": fixed.type,
    "Cache-Control": fixed.cacheControl,
    ETag: etag,
    ...(varies ? { Vary: "Accept-Encoding" } : {}),
  };
  const bodies: Prepared["bodies"] = {};
  for (const [encoding, bytes] of [
    ["identity", body],
    ["br", twins.br],
    ["gzip", twins.gzip],
  ] as const) {
    if (!bytes) continue;
    bodies[encoding] = {
      body: bytes,
      headers: { ...common, ...(encoding === "identity" ? {} : { "Content-Encoding": encoding }), "Content-Length": bytes.length },
    };
  }
  const notModified = { "Cache-Control": fixed.cacheControl, ETag: etag, ...(varies ? { Vary: "Accept-Encoding" } : {}) };
  return { etag, bodies, notModified };
}

function qualityOf(accepted: Array<{ name: string; q: number }>, coding: string): number {
  return accepted.find((a) => a.name === coding)?.q ?? accepted.find((a) => a.name === "*")?.q ?? (coding === "identity" ? 1 : 0);
}

const negotiated = new Map<string, Encoding[]>();
const MAX_REMEMBERED_HEADERS = 64;

function preferredEncodings(header: string): Encoding[] {
  const known = negotiated.get(header);
  if (known) return known;
  const accepted = header
    .split(",")
    .map((part) => {
      const [name = "", ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { name: name.trim(), q: q === undefined ? 1 : Number(q) };
    })
    .filter((a) => a.name);
  const order = (["br", "gzip"] as const).filter((coding) => qualityOf(accepted, coding) > 0);
  const result: Encoding[] = [...order, "identity"];
  if (negotiated.size >= MAX_REMEMBERED_HEADERS) negotiated.clear();
  negotiated.set(header, result);
  return result;
}

export function matches(ifNoneMatch: string, etag: string): boolean {
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => {
    const candidate = tag.trim();
    return candidate === "*" || candidate.replace(/^W\//, "") === opaque;
  });
}

/** A loop: a regex (/\/+$/) would try every run of slashes to its end, in quadratic time. */
function withoutTrailingSlashes(pathname: string): string {
  let end = pathname.length;
  while (end > 0 && pathname[end - 1] === "/") end--;
  return pathname.slice(0, end);
}

/** Where React Router asks for a page's data: `/pricing.data`, and the home page's `/_.data`. */
export const dataPathOf = (route: string) => (route === "/" ? "/_.data" : `${route}.data`);

export type StaticHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export interface StaticFiles {
  handle: StaticHandler;
  putPage(route: string, page: { html: string; data: string }): void;
  removePage(route: string): void;
  has(rel: string): boolean;
  /** A file made while the server runs: a social card (its name carries a hash of what it shows), the company profile PDF. */
  putFile(rel: string, body: Buffer): void;
}

/** The client build served from memory: a response costs a lookup and a write (docs/decisions/0017). */
export function loadStaticFiles(clientDir: string, settings: StampedSettings, securityHeaders: SecurityHeaders): StaticFiles {
  const files = new Map<string, Prepared>();
  const pages = new Map<string, Prepared>();
  const otherFiles = securityHeaders([]);
  const preparedPage = (html: string) => {
    const body = Buffer.from(html);
    const security = securityHeaders(inlineScriptHashes(html));
    return compressedOnFirstAsk(body, { type: contentTypes[".html"]!, cacheControl: NO_CACHE, security });
  };
  const preparedData = (text: string, cacheControl: string) => {
    const body = Buffer.from(text);
    const fixed = { type: contentTypes[".data"]!, cacheControl, security: otherFiles };
    return body.length >= MIN_COMPRESS_BYTES ? compressedOnFirstAsk(body, fixed) : prepare(body, {}, fixed);
  };
  for (const full of existsSync(clientDir) ? filesUnder(clientDir) : []) {
    if (full.endsWith(".br") || full.endsWith(".gz")) continue;
    const rel = "/" + path.relative(clientDir, full).split(path.sep).join("/");
    const type = contentTypes[path.extname(full)] ?? "application/octet-stream";
    if (rel.endsWith("/index.html")) {
      const route = rel.slice(0, -"/index.html".length) || "/";
      pages.set(route, preparedPage(stamp(readFileSync(full, "utf8"), settings)));
      continue;
    }
    const cacheControl = HASHED_DIRS.some((dir) => rel.startsWith(dir)) ? IMMUTABLE : REVALIDATE;
    if (full.endsWith(".data")) {
      files.set(rel, preparedData(stamp(readFileSync(full, "utf8"), settings), cacheControl));
      continue;
    }
    const twins = { br: readIfPresent(full + ".br"), gzip: readIfPresent(full + ".gz") };
    files.set(rel, prepare(readFileSync(full), twins, { type, cacheControl, security: otherFiles }));
  }

  const handle: StaticHandler = (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const pathname = query < 0 ? url : url.slice(0, query);
    const file = files.get(pathname) ?? pages.get(pathname.length > 1 ? withoutTrailingSlashes(pathname) : pathname);
    if (!file) return next();
    const ifNoneMatch = req.headers["if-none-match"];
    if (file.compressing && !(ifNoneMatch && matches(ifNoneMatch, file.etag))) {
      file.compressing().then(() => handle(req, res, next), next);
      return;
    }
    if (ifNoneMatch && matches(ifNoneMatch, file.etag)) {
      res.writeHead(304, file.notModified).end();
      return;
    }
    const encoding = preferredEncodings(req.headers["accept-encoding"] ?? "").find((e) => file.bodies[e])!;
    const { body, headers } = file.bodies[encoding]!;
    res.writeHead(200, headers);
    res.end(req.method === "HEAD" ? undefined : body);
  };

  return {
    putPage(route, page) {
      pages.set(route, preparedPage(page.html));
      files.set(dataPathOf(route), preparedData(page.data, REVALIDATE));
    },
    removePage(route) {
      pages.delete(route);
      files.delete(dataPathOf(route));
    },
    has: (rel) => files.has(rel),
    putFile(rel, body) {
      const type = contentTypes[path.extname(rel)] ?? "application/octet-stream";
      const cacheControl = HASHED_DIRS.some((dir) => rel.startsWith(dir)) ? IMMUTABLE : REVALIDATE;
      files.set(rel, prepare(body, {}, { type, cacheControl, security: otherFiles }));
    },
    handle,
  };
}
