import type { Kysely } from "kysely";
import { mediaImageOf, mediaPath } from "#app/lib/media-images.ts";
import type { Actor } from "#server/audit/audit.ts";
import { type Processed, TOO_LARGE, UPLOAD_MAX_BYTES, uploadHasher } from "#server/articles/upload-rules.ts";
import { findImage, storeImage } from "#server/articles/images-store.ts";
import type { Database } from "#server/db/schema.ts";
import { HeavyWorkRefused } from "#server/heavy-work/heavy-work.ts";
import { readMultipart } from "#server/http/multipart.ts";
import { type FormFields, MAX_BODY_BYTES, readForm } from "#server/http/request.ts";
import { log } from "#server/log.ts";
import type { SiteServices } from "#server/services.ts";

// Streamed and hashed as it arrives; decoded only in the heavy-work process, never here (docs/decisions/0037, 0044).
// The article editor's and the case studies editor's (decision 0052): one pipeline, one limit per account, one
// table (article_images), so its log lines still say "article image".

// The editors whose posts may carry an image; React Router's data requests too.
export const IMAGE_POST_PATH = /^\/admin\/(?:articles\/(?:new|\d{1,9})|case-studies)(?:\.data)?$/;
// Past this a post is no upload anyone meant: it is cut off rather than read on (server/app.ts).
export const IMAGE_POST_MAX_BYTES = 64 * 1024 * 1024;
// The body's 20,000 characters at up to four bytes each, with room to spare.
const FIELD_MAX_BYTES = 128 * 1024;
const FILE_FIELD = "imageFile";
// Kept as it was named when articles alone uploaded: the count already made carries on.
const UPLOADS_LIMIT_KEY = "article-uploads";

const FORM_UNREADABLE = "That form could not be read.";
const FIELD_TOO_LONG = "A field of that form is longer than the editor takes: nothing was saved. Go back and shorten it.";
const TOO_MANY_FIELDS = "That form has more fields than the editor takes: nothing was saved.";

export const uploadsPerMinuteReached = (max: number, seconds: number) =>
  `You have uploaded ${max} images in the last minute, as many as the editor takes: upload this one again in ${seconds} seconds. What you typed is kept below.`;
export const UPLOAD_BUSY = "The server is busy preparing other images: upload this one again in a minute. What you typed is kept below.";
export const UPLOAD_TIMED_OUT =
  "This image took too long to prepare: upload a smaller one (2000 pixels across is plenty), or try again in a minute.";
export const UPLOAD_FAILED = "This image could not be prepared: upload it again, or save it as a JPEG or PNG and upload that.";
const UPLOAD_STOPPED = "The server is restarting: upload the image again in a minute. What you typed is kept below.";

interface PostedFile {
  /** The file input it came from: a list's row has one of its own (`studies.2.imageFile`). */
  field: string;
  bytes: Buffer;
  hash: string;
  truncated: boolean;
}

/** A post's fields and its one image; `others` names any further file inputs that held one (not read). */
export type ImagePost =
  { ok: true; fields: FormFields; file: PostedFile | null; others: string[] } | { ok: false; status: number; message: string };

export type UploadOutcome = { ok: true; path: string } | { ok: false; status: number; problem: string; retryAfterSeconds?: number };

/** The article editor's one file input is `imageFile`; a list's rows end their own so (field-map.ts's imageFileName). */
const isFileField = (name: string) => name === FILE_FIELD || name.endsWith(`.${FILE_FIELD}`);

/**
 * A post read as it streams: the first image it holds, hashed as it arrives; `maxFields` for an editor of
 * long lists, `maxBytes` for one whose post without an image is larger than a lead's.
 */
export async function readImagePost(request: Request, { maxFields = 64, maxBytes = MAX_BODY_BYTES } = {}): Promise<ImagePost> {
  if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    const form = await readForm(request, new Set(), maxBytes);
    return form.ok
      ? { ok: true, fields: form.fields, file: null, others: [] }
      : { ok: false, status: form.status, message: FORM_UNREADABLE };
  }
  const hasher = uploadHasher();
  const read = await readMultipart(request, {
    fileField: isFileField,
    fileBytes: UPLOAD_MAX_BYTES,
    fieldBytes: FIELD_MAX_BYTES,
    maxFields,
    onFileChunk: (chunk) => hasher.update(chunk),
  });
  if (!read.ok) {
    const tooLarge = { field: FIELD_TOO_LONG, fields: TOO_MANY_FIELDS, body: TOO_LARGE };
    return { ok: false, status: read.status, message: read.status === 413 ? tooLarge[read.cause] : FORM_UNREADABLE };
  }
  const fields: FormFields = {};
  for (const [name, value] of read.fields) if (!(name in fields)) fields[name] = value;
  return { ok: true, fields, file: read.file && { ...read.file, hash: hasher.digest() }, others: read.others };
}

// Twenty posts of one file at once wait for one decoding.
const inMaking = new WeakMap<Kysely<Database>, Map<string, Promise<UploadOutcome>>>();

export async function storeImageUpload(services: SiteServices, actor: Actor, file: PostedFile): Promise<UploadOutcome> {
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

/** Whether `path` names an image uploaded here, at the size it says. */
export async function isUploaded(db: Kysely<Database>, path: string): Promise<boolean> {
  const named = mediaImageOf(path);
  const stored = named && (await findImage(db, named.hash));
  return Boolean(stored && stored.width === named.width && stored.height === named.height && stored.fallback === named.fallback);
}
