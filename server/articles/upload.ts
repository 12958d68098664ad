import type { Kysely } from "kysely";
import { mediaPath } from "#app/lib/media-images.ts";
import type { Actor } from "#server/audit/audit.ts";
import { type Processed, TOO_LARGE, UPLOAD_MAX_BYTES, uploadHasher } from "#server/articles/images.ts";
import { findImage, storeImage } from "#server/articles/images-store.ts";
import type { Database } from "#server/db/schema.ts";
import { HeavyWorkRefused } from "#server/heavy-work/heavy-work.ts";
import { readMultipart } from "#server/http/multipart.ts";
import { type FormFields, readForm } from "#server/http/request.ts";
import { log } from "#server/log.ts";
import type { SiteServices } from "#server/services.ts";

// Streamed and hashed as it arrives; decoded only in the heavy-work process, never here (docs/decisions/0037, 0044).

// React Router's data requests too.
export const ARTICLE_EDITOR_PATH = /^\/admin\/articles\/(?:new|\d{1,9})(?:\.data)?$/;
// Past this a post is no upload anyone meant: it is cut off rather than read on (server/app.ts).
export const ARTICLE_POST_MAX_BYTES = 64 * 1024 * 1024;
// The body's 20,000 characters at up to four bytes each, with room to spare.
const FIELD_MAX_BYTES = 128 * 1024;
const FILE_FIELD = "imageFile";
const UPLOADS_LIMIT_KEY = "article-uploads";

const FORM_UNREADABLE = "That form could not be read.";
const FIELD_TOO_LONG = "A field of that form is longer than the editor takes: nothing was saved. Go back and shorten it.";

export const uploadsPerMinuteReached = (max: number, seconds: number) =>
  `You have uploaded ${max} images in the last minute, as many as the editor takes: upload this one again in ${seconds} seconds. What you typed is kept below.`;
export const UPLOAD_BUSY = "The server is busy preparing other images: upload this one again in a minute. What you typed is kept below.";
export const UPLOAD_TIMED_OUT =
  "This image took too long to prepare: upload a smaller one (2000 pixels across is plenty), or try again in a minute.";
export const UPLOAD_FAILED = "This image could not be prepared: upload it again, or save it as a JPEG or PNG and upload that.";
const UPLOAD_STOPPED = "The server is restarting: upload the image again in a minute. What you typed is kept below.";

interface PostedFile {
  bytes: Buffer;
  hash: string;
  truncated: boolean;
}

export type ArticlePost = { ok: true; fields: FormFields; file: PostedFile | null } | { ok: false; status: number; message: string };

export type UploadOutcome = { ok: true; path: string } | { ok: false; status: number; problem: string; retryAfterSeconds?: number };

export async function readArticlePost(request: Request): Promise<ArticlePost> {
  if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    const form = await readForm(request, new Set());
    return form.ok ? { ok: true, fields: form.fields, file: null } : { ok: false, status: form.status, message: FORM_UNREADABLE };
  }
  const hasher = uploadHasher();
  const read = await readMultipart(request, {
    fileField: FILE_FIELD,
    fileBytes: UPLOAD_MAX_BYTES,
    fieldBytes: FIELD_MAX_BYTES,
    onFileChunk: (chunk) => hasher.update(chunk),
  });
  if (!read.ok) {
    const message = read.status === 413 ? (read.cause === "field" ? FIELD_TOO_LONG : TOO_LARGE) : FORM_UNREADABLE;
    return { ok: false, status: read.status, message };
  }
  const fields: FormFields = {};
  for (const [name, value] of read.fields) if (!(name in fields)) fields[name] = value;
  return { ok: true, fields, file: read.file && { ...read.file, hash: hasher.digest() } };
}

// Twenty posts of one file at once wait for one decoding.
const inMaking = new WeakMap<Kysely<Database>, Map<string, Promise<UploadOutcome>>>();

export async function storeArticleUpload(services: SiteServices, actor: Actor, file: PostedFile): Promise<UploadOutcome> {
  if (file.truncated) return { ok: false, status: 400, problem: TOO_LARGE };
  const max = services.settings.ARTICLE_UPLOADS_PER_MINUTE;
  const hit = await services.rateLimits.hit(UPLOADS_LIMIT_KEY, `user:${actor.userId ?? actor.name}`, { max, windowMinutes: 1 });
  if (!hit.allowed) {
    const seconds = Math.max(1, Math.ceil(hit.retryAfterMs / 1000));
    return { ok: false, status: 429, problem: uploadsPerMinuteReached(max, seconds), retryAfterSeconds: seconds };
  }
  const db = services.admin.db;
  let making = inMaking.get(db);
  if (!making) inMaking.set(db, (making = new Map()));
  let outcome = making.get(file.hash);
  if (!outcome) {
    const forThisDatabase = making;
    outcome = makeImages(services, actor, file).finally(() => forThisDatabase.delete(file.hash));
    making.set(file.hash, outcome);
  }
  return outcome;
}

const refusals: Record<HeavyWorkRefused["problem"], { problem: string; retryAfterSeconds?: number }> = {
  busy: { problem: UPLOAD_BUSY, retryAfterSeconds: 60 },
  timeout: { problem: UPLOAD_TIMED_OUT, retryAfterSeconds: 60 },
  crashed: { problem: UPLOAD_FAILED },
  stopped: { problem: UPLOAD_STOPPED, retryAfterSeconds: 60 },
};

async function makeImages(services: SiteServices, actor: Actor, file: PostedFile): Promise<UploadOutcome> {
  const db = services.admin.db;
  const known = await findImage(db, file.hash);
  if (known) return { ok: true, path: mediaPath(known) };
  const started = performance.now();
  let processed: Processed;
  try {
    processed = await services.heavyWork.run("image", { bytes: file.bytes }, { refusable: true });
  } catch (error) {
    if (!(error instanceof HeavyWorkRefused)) throw error;
    log.warn(`article image ${file.hash}: not made (${error.problem}: ${error.message})`);
    return { ok: false, status: 503, ...refusals[error.problem] };
  }
  if (!processed.ok) {
    const how = processed.refusedBy === "header" ? "from its header, not decoded" : "once decoded";
    log.info(`article image ${file.hash}: refused ${how}: ${processed.problem}`);
    return { ok: false, status: 400, problem: processed.problem };
  }
  // Across the process boundary the bytes arrive as plain Uint8Arrays.
  const variants = processed.variants.map((variant) => ({ ...variant, bytes: Buffer.from(variant.bytes) }));
  await storeImage(db, processed.image, file.bytes.byteLength, variants, actor);
  log.info(
    `article image ${processed.image.hash}: ${file.bytes.byteLength} bytes, ${processed.image.width}x${processed.image.height}, ` +
      `decoded into ${variants.length} variants in ${Math.round(performance.now() - started)} ms`,
  );
  return { ok: true, path: mediaPath(processed.image) };
}
