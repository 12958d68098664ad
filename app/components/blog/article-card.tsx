import { Icon } from "#app/components/ui/icon.tsx";
import { Link } from "react-router";
import type { ArticleCardData } from "#app/content/articles.ts";
import { CategoryChip, ReadTimeAndDate } from "#app/components/blog/article-facts.tsx";
import { FeaturedImage } from "#app/components/blog/featured-image.tsx";

// The title link stretches over the card, so the card is one click target and one tab stop.
const stretchedLink = "after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none";
const cardFrame =
  "group relative overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200 transition hover:shadow-lg hover:ring-brand-200 has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-brand-600";

/** How wide the listing's images show: three columns from lg (max-w-7xl), two from sm, else the screen. */
const CARD_SIZES = "(min-width: 80rem) 24rem, (min-width: 64rem) 30vw, (min-width: 40rem) 45vw, calc(100vw - 2rem)";
/** The featured card's image: half of the listing from lg, else its whole width. */
const FEATURED_SIZES = "(min-width: 80rem) 38rem, (min-width: 64rem) 48vw, calc(100vw - 2rem)";

export function ArticleCard({ article }: { article: ArticleCardData }) {
  return (
    <article className={`${cardFrame} flex w-full flex-col`}>
      <FeaturedImage src={article.imageUrl} alt={article.imageAlt} sizes={CARD_SIZES} />
      <div className="flex flex-1 flex-col p-6">
        <CategoryChip category={article.category} className="self-start" />
        <h3 className="mt-4 text-xl leading-snug font-bold group-hover:text-brand-700">
          <Link to={`/blog/${article.slug}`} className={stretchedLink}>
            {article.title}
          </Link>
        </h3>
        <p className="mt-3 flex-1 leading-relaxed text-slate-600">{article.excerpt}</p>
        <p className="mt-5 text-sm font-medium text-ink">
          {article.author}
          <span className="font-normal text-slate-600">, {article.authorRole}</span>
        </p>
        <ReadTimeAndDate article={article} className="mt-2" />
      </div>
    </article>
  );
}

export function FeaturedArticleCard({ article }: { article: ArticleCardData }) {
  return (
    <article className={`${cardFrame} grid lg:grid-cols-2`}>
      <div className="flex items-center bg-ink">
        <FeaturedImage src={article.imageUrl} alt={article.imageAlt} sizes={FEATURED_SIZES} priority />
      </div>
      <div className="flex flex-col justify-center p-6 sm:p-10">
        <p className="flex flex-wrap items-center gap-2">
          <span className="inline-flex items-center rounded-full bg-accent-700 px-3 py-1 text-xs font-semibold text-white">Featured</span>
          <CategoryChip category={article.category} />
        </p>
        <h3 className="mt-4 text-2xl leading-tight font-bold group-hover:text-brand-700 sm:text-3xl">
          <Link to={`/blog/${article.slug}`} className={stretchedLink}>
            {article.title}
          </Link>
        </h3>
        <p className="mt-4 text-lg leading-relaxed text-slate-600">{article.excerpt}</p>
        <p className="mt-6 text-sm font-medium text-ink">
          {article.author}
          <span className="font-normal text-slate-600">, {article.authorRole}</span>
        </p>
        <ReadTimeAndDate article={article} className="mt-2" />
        <span aria-hidden="true" className="mt-6 inline-flex items-center gap-2 font-semibold text-brand-700">
          Read the article <Icon name="arrow-right" className="size-4 transition group-hover:translate-x-1" />
        </span>
      </div>
    </article>
  );
}
