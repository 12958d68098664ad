import { type RequestHandler, Router } from "express";
import { IMMUTABLE } from "#app/lib/cache-control.ts";
import { MEDIA_FILE, type MediaFormat, variantWidths } from "#app/lib/media-images.ts";
import type { AdminServices } from "#server/admin/services.ts";
import { readVariant } from "#server/articles/images-store.ts";

// Content-addressed, so cached for a year (docs/decisions/0037).

const TYPES: Record<MediaFormat, string> = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg", png: "image/png" };
// Per instance: the variants of a few dozen articles.
const CACHE_BUDGET_BYTES = 64 * 1024 * 1024;

function variantCache() {
  const entries = new Map<string, Uint8Array>();
  let bytes = 0;
  return {
    get(key: string) {
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
      }
      return hit;
    },
    set(key: string, value: Uint8Array) {
      if (value.byteLength > CACHE_BUDGET_BYTES / 8) return;
      entries.set(key, value);
      bytes += value.byteLength;
      for (const [oldest, old] of entries) {
        if (bytes <= CACHE_BUDGET_BYTES) break;
        entries.delete(oldest);
        bytes -= old.byteLength;
      }
    },
  };
}

function serveMedia(admin: AdminServices): RequestHandler {
  const cache = variantCache();
  return async (req, res, next) => {
    try {
      const match = MEDIA_FILE.exec(String(req.params.file));
      if (!match) return next();
      const [, hash, width, recordedHeight, format] = match as unknown as [string, string, string, string | undefined, MediaFormat];
      // The recorded name (…-{width}x{height}.jpg) is the upload's own size: it serves the largest variant.
      const served = recordedHeight ? variantWidths(Number(width)).at(-1)! : Number(width);
      const key = `${hash}-${served}.${format}`;
      let bytes = cache.get(key);
      if (!bytes) {
        bytes = await readVariant(admin.db, hash, served, format);
        if (!bytes) return next();
        cache.set(key, bytes);
      }
      const etag = `"${key}"`;
      res.setHeader("Cache-Control", IMMUTABLE);
      res.setHeader("ETag", etag);
      if (req.headers["if-none-match"] === etag) return void res.status(304).end();
      res.type(TYPES[format]).send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    } catch (error) {
      next(error);
    }
  };
}

export function mediaRoutes(admin: AdminServices): Router {
  const routes = Router();
  routes.get("/media/:file", serveMedia(admin));
  return routes;
}
