import { Icon } from "#app/components/ui/icon.tsx";
import type { ArticleSummary } from "#app/content/articles.ts";
import { cn } from "#app/lib/cn.ts";
import { formatLongDate } from "#app/lib/sast.ts";

export function CategoryChip({ category, className }: { category: string; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800 ring-1 ring-brand-100",
        className,
      )}
    >
      {category}
    </span>
  );
}

export function ReadTimeAndDate({ article, className }: { article: Pick<ArticleSummary, "readTime" | "date">; className?: string }) {
  return (
    <p className={cn("flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600", className)}>
      <span className="inline-flex items-center gap-1.5">
        <Icon name="clock" className="size-4" />
        {article.readTime} read
      </span>
      <span aria-hidden="true">·</span>
      <time dateTime={article.date}>{formatLongDate(new Date(`${article.date}T12:00:00Z`))}</time>
    </p>
  );
}
