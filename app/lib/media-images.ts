/**
 * Images uploaded in the article editor, as their addresses name them
 * (docs/decisions/0037). An article records `/media/{hash}-{width}x{height}.{jpg|png}`:
 * its content hash, its size as uploaded (turned upright) and its fallback
 * format, so a page can write its `<picture>` from the path alone, without
 * asking the database. Each variant is served at `/media/{hash}-{width}.{ext}`.
 */
import { featuredImageSize } from "#app/content/articles.ts";

/** The widths every upload is served at, up to its own width: never enlarged. */
const MEDIA_WIDTHS = [480, 800, 1200] as const;
/** A photo's fallback is a JPEG; an image with transparency keeps it as a PNG. */
export type MediaFallback = "jpg" | "png";
/** What browsers that ask get first: AVIF, then WebP. */
export const MODERN_FORMATS = ["avif", "webp"] as const;
export type MediaFormat = (typeof MODERN_FORMATS)[number] | MediaFallback;

export interface MediaImage {
  /** The first 20 hex digits of the upload's SHA-256. */
  hash: string;
  /** As uploaded, turned upright. */
  width: number;
  height: number;
  fallback: MediaFallback;
}

const HASH = "[0-9a-f]{20}";
const RECORDED = new RegExp(`^/media/(${HASH})-(\\d{1,5})x(\\d{1,5})\\.(jpg|png)$`);
/** A variant's file name, or the recorded name (served as the largest fallback). */
export const MEDIA_FILE = new RegExp(`^(${HASH})-(\\d{1,5})(?:x(\\d{1,5}))?\\.(avif|webp|jpg|png)$`);

export const mediaPath = (image: MediaImage) => `/media/${image.hash}-${image.width}x${image.height}.${image.fallback}`;

/** An uploaded image's path read back, or null for any other path (the first articles' drawn SVGs). */
export function mediaImageOf(path: string): MediaImage | null {
  const match = RECORDED.exec(path);
  if (!match) return null;
  const [, hash, width, height, fallback] = match;
  return { hash: hash!, width: Number(width), height: Number(height), fallback: fallback as MediaFallback };
}

/** The widths an image of `width` is served at: the standard ones below it, and its own up to the largest. */
export function variantWidths(width: number): number[] {
  const largest = Math.min(width, MEDIA_WIDTHS.at(-1)!);
  return [...MEDIA_WIDTHS.filter((w) => w < largest), largest];
}

/** The size of the largest variant: what an `<img>` says its width and height are. */
function displaySize(image: MediaImage): { width: number; height: number } {
  const width = variantWidths(image.width).at(-1)!;
  return { width, height: Math.max(1, Math.round((image.height * width) / image.width)) };
}

/** The size an article's image `src` is served at, as `<img>` and JSON-LD give it: an upload's, else the drawn 1200x630. */
export function servedSize(src: string): { width: number; height: number } {
  const upload = mediaImageOf(src);
  return upload ? displaySize(upload) : featuredImageSize;
}

export const variantUrl = (image: MediaImage, width: number, format: MediaFormat) => `/media/${image.hash}-${width}.${format}`;

/** A `srcset` of every width in one format. */
export const srcSet = (image: MediaImage, format: MediaFormat) =>
  variantWidths(image.width)
    .map((width) => `${variantUrl(image, width, format)} ${width}w`)
    .join(", ");
