import { Icon } from "#app/components/ui/icon.tsx";
import { ArticleCard, FeaturedArticleCard } from "#app/components/blog/article-card.tsx";
import { CategoryList } from "#app/components/blog/category-list.tsx";
import { blogJsonLd } from "#app/components/blog/structured-data.ts";
import { NewsletterForm } from "#app/components/forms/newsletter-form.tsx";
import { PageHero } from "#app/components/sections/page-hero.tsx";
import { leadClientAction } from "#app/forms/transport.ts";
import { type ArticleCardData, type ArticleSummary, blogCategories, categoryParam, newsletterReaders } from "#app/content/articles.ts";
import { pageMeta } from "#app/content/page-meta.ts";
import { seo, siteUrlFrom } from "#app/lib/seo.ts";
import { blogFeedLink } from "#app/lib/feed.ts";
import { formPageData } from "#server/forms/form-page.ts";
import { servicesOf } from "#server/services.ts";
import { newsletterForm } from "#app/forms/newsletter.ts";
import { subscribeAction } from "#server/newsletter/action.ts";
import type { Route } from "./+types/blog";

export const links: Route.LinksFunction = () => [blogFeedLink];

export const action = subscribeAction;
export const clientAction = leadClientAction(newsletterForm);
export { shouldRevalidate } from "#app/forms/transport.ts";
export { answerHeaders as headers } from "#app/lib/cache-control.ts";

/** Only what a card shows: the data rides in the document (decision 0023). */
const cardOf = ({
  keywords: _keywords,
  seoTitle: _seoTitle,
  updated: _updated,
  featured: _featured,
  ...card
}: ArticleSummary): ArticleCardData => card;

export function loader({ context, request }: Route.LoaderArgs) {
  const live = servicesOf(context).articles;
  const all = live.list();
  const param = new URL(request.url).searchParams.get("category");
  // An unknown topic shows them all, as the listing without one does.
  const selected = blogCategories.find((category) => categoryParam(category.name) === param)?.name ?? null;
  const counts: Record<string, number> = {};
  for (const article of all) counts[article.category] = (counts[article.category] ?? 0) + 1;
  const featured = selected ? undefined : live.featured();
  return {
    featured: featured && cardOf(featured),
    articles: (selected ? all.filter((article) => article.category === selected) : all).map(cardOf),
    counts,
    selected,
    formPage: formPageData(servicesOf(context), request),
  };
}

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    ...pageMeta.blog,
    jsonLd: args.loaderData ? [blogJsonLd(siteUrlFrom(args), args.loaderData.articles)] : [],
  });

export default function BlogPage({ loaderData: { featured, articles, counts, selected, formPage } }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="Blog" title="Paid advertising insights for South Africa" lead={pageMeta.blog.description} />
      <div className="mx-auto max-w-7xl space-y-16 px-4 pb-20 sm:px-6 lg:px-8">
        <CategoryList counts={counts} selected={selected} />

        {featured && (
          <section aria-labelledby="featured-heading">
            <h2 id="featured-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
              Featured article
            </h2>
            <div className="mt-6">
              <FeaturedArticleCard article={featured} />
            </div>
          </section>
        )}

        <section aria-labelledby="latest-heading">
          <h2 id="latest-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {selected ? `Latest in ${selected}` : "Latest articles"}
          </h2>
          {articles.length > 0 ? (
            <ul className="mt-6 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
              {articles.map((article) => (
                <li key={article.slug} className="flex">
                  <ArticleCard article={article} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-6 text-lg text-slate-600">No articles on this topic yet. The other topics have more.</p>
          )}
        </section>

        <section
          id="newsletter"
          aria-labelledby="newsletter-heading"
          className="rounded-3xl bg-brand-50 px-6 py-12 ring-1 ring-brand-100 sm:px-12"
        >
          <div className="mx-auto max-w-2xl text-center">
            <Icon name="mail" className="mx-auto size-10 text-brand-700" />
            <h2 id="newsletter-heading" className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">
              Get weekly ROI insights
            </h2>
            <p className="mt-3 text-lg leading-relaxed text-slate-600">
              Join {newsletterReaders} readers who get one practical idea a week on Google, Meta and LinkedIn ads, conversion optimisation
              and analytics, written for South African advertisers.
            </p>
            <div className="mx-auto mt-6 max-w-md text-left">
              <NewsletterForm page={formPage} />
            </div>
          </div>
        </section>
      </div>
    </>
  );
}
