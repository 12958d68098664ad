import { cn } from "#app/lib/cn.ts";
import { type MediaImage, mediaImageOf, MODERN_FORMATS, servedSize, srcSet } from "#app/lib/media-images.ts";

const ARTICLE_SIZES = "(min-width: 56rem) 54rem, calc(100vw - 2rem)";

/** Sized up front so the layout never shifts. */
export function FeaturedImage({
  src,
  alt,
  priority = false,
  sizes = ARTICLE_SIZES,
  className,
}: {
  src: string;
  alt: string;
  priority?: boolean;
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
