import { cn } from "#app/lib/cn.ts";
import { type MediaImage, mediaImageOf, MODERN_FORMATS, servedSize, srcSet } from "#app/lib/media-images.ts";

/** The article page's column (max-w-4xl less its padding): what the browser picks a width for. */
const ARTICLE_SIZES = "(min-width: 56rem) 54rem, calc(100vw - 2rem)";

/**
 * An article's image, sized up front so the layout never shifts: the first
 * articles' drawn SVGs as they are, and an upload (app/lib/media-images.ts) as
 * a `<picture>` of AVIF and WebP at every width it has, its JPEG or PNG the
 * fallback, with its own width and height.
 */
export function FeaturedImage({
  src,
  alt,
  priority = false,
  sizes = ARTICLE_SIZES,
  className,
}: {
  src: string;
  alt: string;
  /** The article page's own image loads first; cards further down load lazily. */
  priority?: boolean;
  /** How wide the image is shown, for an upload's srcset (the article page's column unless said). */
  sizes?: string;
  className?: string;
}) {
  const upload = mediaImageOf(src);
  const image = (
    <img
      src={src}
      srcSet={upload ? srcSet(upload, upload.fallback) : undefined}
      sizes={upload ? sizes : undefined}
      alt={alt}
      {...servedSize(src)}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      className={cn("block h-auto w-full bg-ink object-cover", className)}
    />
  );
  return upload ? <UploadPicture upload={upload} sizes={sizes} image={image} /> : image;
}

function UploadPicture({ upload, sizes, image }: { upload: MediaImage; sizes: string; image: React.ReactElement }) {
  return (
    <picture>
      {MODERN_FORMATS.map((format) => (
        <source key={format} type={`image/${format}`} srcSet={srcSet(upload, format)} sizes={sizes} />
      ))}
      {image}
    </picture>
  );
}
