import type { Kysely } from "kysely";
import type { MediaFormat, MediaImage } from "#app/lib/media-images.ts";
import type { Actor } from "#server/audit/audit.ts";
import type { Variant } from "#server/articles/upload-rules.ts";
import type { Database } from "#server/db/schema.ts";

// docs/decisions/0037: written once per content hash, read by the media route.

/** The same hash a second time (two editors, two instances) adds nothing. */
export async function storeImage(
  db: Kysely<Database>,
  image: MediaImage,
  uploadBytes: number,
  variants: readonly Variant[],
  actor: Actor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("article_images")
      .values({
        hash: image.hash,
        width: image.width,
        height: image.height,
        fallback: image.fallback,
        upload_bytes: uploadBytes,
        created_at: new Date(),
        created_by: actor.name,
      })
      .onConflict((conflict) => conflict.column("hash").doNothing())
      .returning("hash")
      .executeTakeFirst();
    if (!inserted) return;
    await trx
      .insertInto("article_image_variants")
      .values(variants.map((variant) => ({ hash: image.hash, width: variant.width, format: variant.format, bytes: variant.bytes })))
      .execute();
  });
}

export async function findImage(db: Kysely<Database>, hash: string): Promise<MediaImage | undefined> {
  const row = await db
    .selectFrom("article_images")
    .select(["hash", "width", "height", "fallback"])
    .where("hash", "=", hash)
    .executeTakeFirst();
  return row;
}

export async function readVariant(db: Kysely<Database>, hash: string, width: number, format: MediaFormat): Promise<Uint8Array | undefined> {
  const row = await db
    .selectFrom("article_image_variants")
    .select("bytes")
    .where("hash", "=", hash)
    .where("width", "=", width)
    .where("format", "=", format)
    .executeTakeFirst();
  return row?.bytes;
}
