import { createHash } from "node:crypto";
import sharp, { type Metadata, type OutputInfo, type Sharp } from "sharp";
import { type MediaFormat, type MediaImage, MODERN_FORMATS, variantWidths } from "#app/lib/media-images.ts";

/**
 * An upload of the article editor made into the images a page asks for
 * (docs/decisions/0037): decoded by sharp (libvips) to prove it is an image,
 * whatever its name says; turned upright by its EXIF orientation; every
 * width of app/lib/media-images.ts in AVIF, WebP and a JPEG (or PNG, when it
 * has transparency), with no metadata: sharp writes none unless asked, and
 * converts to sRGB rather than carry a profile. It runs in the heavy-work
 * process (server/heavy-work/, docs/decisions/0044), never in the server's.
 */

/** What the editor accepts; the message says it too. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/**
 * Against decompression bombs, a small file that decodes to a huge image: refused from its header, before
 * any decoding. 24 megapixels is a full-frame camera's 6000 × 4000 photo, twice a phone's; a page shows 1200
 * pixels across at most, and a larger image costs the heavy-work process seconds and hundreds of MB. (At 50,
 * eight such PNGs at once held a lead 5.9 s, before decision 0044.)
 */
const MAX_INPUT_PIXELS = 24_000_000;
/** What libvips reports for the formats we take (AVIF is a HEIF with AV1 inside). */
const READABLE_FORMATS = new Set(["jpeg", "png", "webp", "heif"]);

export const NOT_AN_IMAGE = "That file is not an image we can read: upload a JPEG, PNG, WebP or AVIF.";
export const TOO_LARGE = `That file is over ${UPLOAD_MAX_BYTES / 1024 / 1024} MB: upload an image of at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB (a photo 2000 pixels wide is usually under 1 MB).`;
export const tooManyPixels = (width: number, height: number) =>
  `That image is ${width} × ${height} pixels, more than ${MAX_INPUT_PIXELS / 1_000_000} megapixels: make it smaller and upload it again.`;

export interface Variant {
  width: number;
  format: MediaFormat;
  bytes: Buffer;
}

/** An upload's images, or why it is refused: from its header alone (never decoded), or once decoded. */
export type Processed =
  { ok: true; image: MediaImage; variants: Variant[] } | { ok: false; problem: string; refusedBy: "header" | "decoding" };

/** The content hash an upload is kept under, fed as the file arrives: the same file uploaded twice is one image. */
export function uploadHasher(): { update(chunk: Uint8Array): void; digest(): string } {
  const hash = createHash("sha256");
  return { update: (chunk) => void hash.update(chunk), digest: () => hash.digest("hex").slice(0, 20) };
}

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

/** Whether libvips can read `bytes` as one of our formats, and its upright size, from the header alone. */
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

/** The upload's variants, or why it is refused. Decoding proves it is an image: a header alone can lie. */
export async function processUpload(bytes: Uint8Array): Promise<Processed> {
  if (bytes.byteLength > UPLOAD_MAX_BYTES) return { ok: false, problem: TOO_LARGE, refusedBy: "header" };
  const header = await headerOf(bytes);
  if ("problem" in header) return { ok: false, problem: header.problem, refusedBy: "header" };
  const widths = variantWidths(header.width);
  let base: { data: Buffer; info: OutputInfo };
  try {
    // Decoded once, upright, at the largest width; every variant is made from these pixels.
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
