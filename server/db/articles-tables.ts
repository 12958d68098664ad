import type { ColumnType, Generated } from "kysely";
import type { ArticleStatus } from "#app/lib/article-form.ts";
import type { MediaFallback, MediaFormat } from "#app/lib/media-images.ts";
import type { Timestamp } from "#server/db/columns.ts";

/** The articles the agency writes in the inbox (docs/decisions/0036). */
export interface ArticlesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  author: string;
  /** JSON array of strings. */
  keywords: string;
  seo_title: string | null;
  seo_description: string | null;
  image_path: string | null;
  image_alt: string | null;
  body: string;
  /** Null computes it from the body. */
  read_time_minutes: number | null;
  featured: ColumnType<boolean | number, boolean, boolean>;
  status: ArticleStatus;
  publish_at: Timestamp | null;
  /** When it first went live: the date readers see, kept through unpublishing. */
  published_at: Timestamp | null;
  /** A later revision date readers see as "Updated" (ISO date); null for none. */
  updated_on: string | null;
  /** Raised by every save: a save made against an older one is refused. */
  version: number;
  created_at: Timestamp;
  created_by: string;
  updated_at: Timestamp;
  updated_by: string;
}

export interface ArticleRevisionsTable {
  id: Generated<number>;
  article_id: number;
  version: number;
  /** JSON of server/articles/store.ts ArticleContent. */
  content: string;
  status: ArticleStatus;
  action: string;
  saved_at: Timestamp;
  saved_by: string;
}

/** An address an article had before its slug changed; answered with a 301 to its present one. */
export interface ArticleRedirectsTable {
  old_slug: string;
  article_id: number;
  created_at: Timestamp;
}

/** An image uploaded in the editor (docs/decisions/0037), under the hash of its bytes. */
export interface ArticleImagesTable {
  /** The first 20 hex digits of the upload's SHA-256. */
  hash: string;
  width: number;
  height: number;
  /** The format of browsers that take neither AVIF nor WebP: jpg, or png for an image with transparency. */
  fallback: MediaFallback;
  upload_bytes: number;
  created_at: Timestamp;
  created_by: string;
}

export interface ArticleImageVariantsTable {
  hash: string;
  width: number;
  format: MediaFormat;
  /** A Buffer from PostgreSQL, a Uint8Array from SQLite. */
  bytes: Uint8Array;
}

/** A private preview link made in the editor (docs/decisions/0040, 0046): its id is in the link. */
export interface ArticlePreviewLinksTable {
  id: Generated<number>;
  article_id: number;
  expires_at: Timestamp;
  created_at: Timestamp;
  created_by: string;
  /** When it stopped working before its time: revoked in the editor, or its article unpublished. */
  revoked_at: Timestamp | null;
  revoked_by: string | null;
}

export type ArticlesTables = {
  articles: ArticlesTable;
  article_revisions: ArticleRevisionsTable;
  article_redirects: ArticleRedirectsTable;
  article_images: ArticleImagesTable;
  article_image_variants: ArticleImageVariantsTable;
  article_preview_links: ArticlePreviewLinksTable;
};
