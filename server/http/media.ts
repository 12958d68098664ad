import busboy from "busboy";
import { type Request, type RequestHandler, type Response, Router } from "express";
import { CSRF_FIELD, roleAllows } from "#app/lib/inbox.ts";
import { IMMUTABLE, NO_STORE } from "#app/lib/cache-control.ts";
import { MEDIA_FILE, type MediaFormat, mediaPath, variantWidths } from "#app/lib/media-images.ts";
import { actorOf } from "#server/admin/guard.ts";
import type { AdminServices } from "#server/admin/services.ts";
import { findSession, readCookie, sameToken } from "#server/admin/sessions.ts";
import { processUpload, TOO_LARGE, UPLOAD_MAX_BYTES, uploadHash } from "#server/articles/images.ts";
import { findImage, readVariant, storeImage } from "#server/articles/images-store.ts";
import { MAX_BODY_BYTES } from "#server/http/request.ts";
import { log } from "#server/log.ts";

/**
 * The article editor's uploads and the images they become (docs/decisions/0037).
 *
 * Serving: /media/{hash}-{width}.{avif|webp|jpg|png}, content-addressed, so
 * cached for a year; each instance keeps the variants it served in memory, up
 * to a budget, and reads the others from the database.
 *
 * Uploading: the editor's form is multipart when it carries a file, which the
 * inbox's 32 KB form reader (server/http/request.ts) cannot take. So a post to
 * the editor with a file is read here first, streamed: its text fields
 * kept, its file up to UPLOAD_MAX_BYTES (the rest read and dropped, so the
 * answer still has everything that was typed), decoded and stored. The editor's
 * action then gets the same form as a plain one, without the file: the new
 * image's path in `imagePath`, or why it was refused in `imageUploadProblem`.
 * Its own checks (session, form token, role) run on that form as on any other.
 */

const TYPES: Record<MediaFormat, string> = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg", png: "image/png" };
/** Per instance: the variants of a few dozen articles. */
const CACHE_BUDGET_BYTES = 64 * 1024 * 1024;
/** Past this a post is no upload anyone meant: it is cut off rather than read on. */
const POST_HARD_LIMIT_BYTES = 64 * 1024 * 1024;
/** The editor's pages, and React Router's data requests to them. */
const EDITOR_PATH = /^\/admin\/articles\/(?:new|\d{1,9})(?:\.data)?$/;
/** The editor's file input. */
const FILE_FIELD = "imageFile";

/** Variants served lately, the least recently used dropped first (a Map keeps insertion order). */
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

type ReadUpload =
  { ok: true; fields: [string, string][]; file: { bytes: Buffer; truncated: boolean } | null } | { ok: false; status: 400 | 413 };

/** A multipart post's text fields and its one file, at most UPLOAD_MAX_BYTES of it kept. */
function readUpload(req: Request): Promise<ReadUpload> {
  return new Promise((resolve) => {
    const fields: [string, string][] = [];
    let file: { chunks: Buffer[]; size: number; truncated: boolean } | null = null;
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 64, fieldSize: MAX_BODY_BYTES, parts: 80 },
      });
    } catch {
      return resolve({ ok: false, status: 400 });
    }
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.byteLength;
      if (received <= POST_HARD_LIMIT_BYTES) return;
      req.off("data", onData);
      req.unpipe(parser);
      req.pause();
      resolve({ ok: false, status: 413 });
    };
    req.on("data", onData);
    parser.on("field", (name, value) => fields.push([name, value]));
    parser.on("file", (name, stream) => {
      if (name !== FILE_FIELD || file) return void stream.resume();
      const current = { chunks: [] as Buffer[], size: 0, truncated: false };
      file = current;
      stream.on("data", (chunk: Buffer) => {
        current.chunks.push(chunk);
        current.size += chunk.byteLength;
      });
      stream.on("limit", () => (current.truncated = true));
    });
    parser.on("close", () => {
      // A file input left empty posts an empty part.
      const chosen = file && file.size > 0 ? file : null;
      resolve({ ok: true, fields, file: chosen && { bytes: Buffer.concat(chosen.chunks), truncated: chosen.truncated } });
    });
    parser.on("error", () => resolve({ ok: false, status: 400 }));
    req.pipe(parser);
  });
}

/** The image's path, or why the upload is refused. */
async function storeUpload(
  admin: AdminServices,
  file: { bytes: Buffer; truncated: boolean },
  actor: ReturnType<typeof actorOf>,
): Promise<{ path: string } | { problem: string }> {
  if (file.truncated) return { problem: TOO_LARGE };
  const known = await findImage(admin.db, uploadHash(file.bytes));
  if (known) return { path: mediaPath(known) };
  const started = performance.now();
  const processed = await processUpload(file.bytes);
  if (!processed.ok) return { problem: processed.problem };
  await storeImage(admin.db, processed.image, file.bytes.byteLength, processed.variants, actor);
  log.info(
    `article image ${processed.image.hash}: ${file.bytes.byteLength} bytes, ${processed.image.width}x${processed.image.height}, ` +
      `${processed.variants.length} variants in ${Math.round(performance.now() - started)} ms`,
  );
  return { path: mediaPath(processed.image) };
}

/** A multipart post to the editor, by a signed-in writer: its file stored, its fields handed on as a plain form. */
function editorUploads(admin: AdminServices): RequestHandler {
  return async (req: Request, res: Response, next) => {
    try {
      if (!EDITOR_PATH.test(req.path) || !req.is("multipart/form-data")) return next();
      const lookup = await findSession(
        admin.db,
        readCookie(req.headers.cookie ?? null, admin.cookies.session),
        admin.settings.ADMIN_SESSION_IDLE_MINUTES,
      );
      // Anyone else's post goes on to the inbox's guard, which refuses it as it refuses any form.
      if (lookup.state !== "valid" || !roleAllows(lookup.session.user.role, "write-articles")) return next();
      const read = await readUpload(req);
      if (!read.ok) {
        res.status(read.status).type("text/plain").setHeader("Cache-Control", NO_STORE).setHeader("Connection", "close");
        return void res.send(read.status === 413 ? TOO_LARGE : "That form could not be read.");
      }
      const fields = read.fields.filter(([name]) => name !== "imageUploadProblem" && name !== "imageUploaded");
      const token = fields.find(([name]) => name === CSRF_FIELD)?.[1] ?? "";
      // Nothing is decoded for a form whose token is wrong: the guard answers it.
      if (read.file && sameToken(token, lookup.session.csrfToken)) {
        const stored = await storeUpload(admin, read.file, actorOf(lookup.session));
        if ("path" in stored) {
          const kept = fields.filter(([name]) => name !== "imagePath");
          fields.length = 0;
          fields.push(...kept, ["imagePath", stored.path], ["imageUploaded", "1"]);
        } else fields.push(["imageUploadProblem", stored.problem]);
      }
      const body = Buffer.from(new URLSearchParams(fields).toString());
      req.headers["content-type"] = "application/x-www-form-urlencoded";
      req.headers["content-length"] = String(body.byteLength);
      res.locals.formBody = body;
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** Mounted by server/app.ts before React Router. */
export function mediaRoutes(admin: AdminServices): Router {
  const routes = Router();
  routes.get("/media/:file", serveMedia(admin));
  routes.post(EDITOR_PATH, editorUploads(admin));
  return routes;
}
