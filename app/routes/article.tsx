import { data, redirect } from "react-router";
import { ArticleView } from "#app/components/blog/article-view.tsx";
import { articleBreadcrumbJsonLd, blogPostingJsonLd } from "#app/components/blog/structured-data.ts";
import { articleMetaTitle, articlePath } from "#app/content/articles.ts";
import { documentOnly, useDocumentOnly } from "#app/lib/document-only-data.ts";
import { seo, siteUrlFrom } from "#app/lib/seo.ts";
import { blogFeedLink } from "#app/lib/feed.ts";
import { servicesOf } from "#server/services.ts";
import type { Route } from "./+types/article";

const ROUTE_ID = "routes/article";

export function loader(args: Route.LoaderArgs) {
  const { articles } = servicesOf(args.context);
  const found = articles.find(args.params.slug);
  if (!found) {
    const movedTo = articles.movedTo(args.params.slug);
    if (movedTo) throw redirect(articlePath(movedTo), 301);
    throw data(null, { status: 404 });
  }
  // Only what the page reads: the data rides in the document (decision 0023).
  const { html, id: _id, version: _version, featured: _featured, ...article } = found;
  // A document's hydration data leaves the body out (decision 0026).
  return { article, ...documentOnly(args, ROUTE_ID, html) };
}

export const links: Route.LinksFunction = () => [blogFeedLink];

export const meta: Route.MetaFunction = (args) => {
  const article = args.loaderData?.article;
  if (!article) return [];
  const siteUrl = siteUrlFrom(args);
  return seo(args, {
    title: articleMetaTitle(article),
    description: article.seoDescription ?? article.excerpt,
    path: articlePath(article.slug),
    type: "article",
    jsonLd: [blogPostingJsonLd(siteUrl, article), articleBreadcrumbJsonLd(siteUrl, article)],
  });
};

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const bodyHtml = useDocumentOnly(ROUTE_ID, loaderData.documentOnly) ?? "";
  return <ArticleView article={loaderData.article} bodyHtml={bodyHtml} />;
}
