import { featuredImageSize } from "#app/content/articles.ts";
import { cn } from "#app/lib/cn.ts";

/** An article's generated illustration, sized up front so the layout never shifts. */
export function FeaturedImage({
  src,
  alt,
  priority = false,
  className,
}: {
  src: string;
  alt: string;
  /** The article page's own image loads first; cards further down load lazily. */
  priority?: boolean;
  className?: string;
}) {
  return (
    <img
      src={src}
      alt={alt}
      width={featuredImageSize.width}
      height={featuredImageSize.height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      className={cn("block h-auto w-full bg-ink object-cover", className)}
    />
  );
}
