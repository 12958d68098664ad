import { featuredImageSize } from "~/content/articles";
import { cn } from "~/lib/cn";

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
