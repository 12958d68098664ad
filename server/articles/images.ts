import sharp, { type Metadata, type OutputInfo, type Sharp } from "sharp";
import { type MediaFormat, type MediaImage, MODERN_FORMATS, variantWidths } from "#app/lib/media-images.ts";
import { type Processed, TOO_LARGE, UPLOAD_MAX_BYTES, uploadHasher, type Variant } from "#server/articles/upload-rules.ts";

// Decoding proves it is an image whatever its name says; run in the heavy-work process (docs/decisions/0037, 0044).

// Against decompression bombs: a full-frame camera's 6000 × 4000; a page shows 1200 px at most (docs/decisions/0044).
const MAX_INPUT_PIXELS = 24_000_000;
// AVIF is a HEIF with AV1 inside.
const READABLE_FORMATS = new Set(["jpeg", "png", "webp", "heif"]);

export const NOT_AN_IMAGE = "That file is not an image we can read: upload a JPEG, PNG, WebP or AVIF.";
export const tooManyPixels = (width: number, height: number) =>
  `That image is ${width} × ${height} pixels, more than ${MAX_INPUT_PIXELS / 1_000_000} megapixels: make it smaller and upload it again.`;

function uploadHash(bytes: Uint8Array): string {
  const hasher = uploadHasher();
  hasher.update(bytes);
  return hasher.digest();
}

const encoders: Record<MediaFormat, (pipeline: Sharp) => Sharp> = {
  avif: (pipeline) => pipeline.avif({ quality: 50, effort: 4 }),
  webp: (pipeline) => pipeline.webp({ quality: 75 }),
  jpg: (pipeline) => pipeline.jpeg({ quality: 80, mozjpeg: true }),
  png: (pipeline) => pipeline.png({ compressionLevel: 9 }),
};

async function headerOf(bytes: Uint8Array): Promise<{ width: number; height: number } | { problem: string }> {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes).metadata();
  } catch {
    return { problem: NOT_AN_IMAGE };
  }
  if (!metadata.format || !READABLE_FORMATS.has(metadata.format) || !metadata.width || !metadata.height) return { problem: NOT_AN_IMAGE };
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) return { problem: tooManyPixels(metadata.width, metadata.height) };
  return { width: metadata.autoOrient.width, height: metadata.autoOrient.height };
}

/** Decoding proves it is an image: a header alone can lie. */
export async function processUpload(bytes: Uint8Array): Promise<Processed> {
  if (bytes.byteLength > UPLOAD_MAX_BYTES) return { ok: false, problem: TOO_LARGE, refusedBy: "header" };
  const header = await headerOf(bytes);
  if ("problem" in header) return { ok: false, problem: header.problem, refusedBy: "header" };
  const widths = variantWidths(header.width);
  let base: { data: Buffer; info: OutputInfo };
  try {
    base = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .resize({ width: widths.at(-1)!, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    return { ok: false, problem: NOT_AN_IMAGE, refusedBy: "decoding" };
  }
  const raw = { raw: { width: base.info.width, height: base.info.height, channels: base.info.channels } };
  const opaque = base.info.channels < 4 || (await sharp(base.data, raw).stats()).isOpaque;
  const image: MediaImage = { hash: uploadHash(bytes), width: header.width, height: header.height, fallback: opaque ? "jpg" : "png" };
  const formats: MediaFormat[] = [...MODERN_FORMATS, image.fallback];
  const variants = await Promise.all(
    widths.flatMap((width) =>
      formats.map(async (format): Promise<Variant> => {
        const resized = sharp(base.data, raw).resize({ width });
        return {
          width,
          format,
          bytes: await encoders[format](format === "jpg" ? resized.flatten({ background: "#ffffff" }) : resized).toBuffer(),
        };
      }),
    ),
  );
  return { ok: true, image, variants };
}
