import { createHash } from "node:crypto";
import type { MediaFormat, MediaImage } from "#app/lib/media-images.ts";

// What the server's own thread knows of an upload, apart from the decoding (server/articles/images.ts, in the
// heavy-work process): importing that module would load its image library into every server at its start.

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const TOO_LARGE = `That file is over ${UPLOAD_MAX_BYTES / 1024 / 1024} MB: upload an image of at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB (a photo 2000 pixels wide is usually under 1 MB).`;

export interface Variant {
  width: number;
  format: MediaFormat;
  bytes: Buffer;
}

export type Processed =
  { ok: true; image: MediaImage; variants: Variant[] } | { ok: false; problem: string; refusedBy: "header" | "decoding" };

/** The same file uploaded twice is one image. */
export function uploadHasher(): { update(chunk: Uint8Array): void; digest(): string } {
  const hash = createHash("sha256");
  return { update: (chunk) => void hash.update(chunk), digest: () => hash.digest("hex").slice(0, 20) };
}
