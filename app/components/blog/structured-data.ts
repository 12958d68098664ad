import { site } from "#app/config/site.ts";
import { type ArticleCardData, type ArticlePageData, articlePath } from "#app/content/articles.ts";
import type { Blog, BlogPosting, BreadcrumbList } from "schema-dts";
import { servedSize } from "#app/lib/media-images.ts";
import { absoluteUrl, breadcrumbJsonLd } from "#app/lib/seo.ts";

/** The article as search engines read it: a BlogPosting by its co-founder author, published by the agency. */
export function blogPostingJsonLd(siteUrl: string, article: ArticlePageData): BlogPosting {
  const url = absoluteUrl(siteUrl, articlePath(article.slug));
  const image = servedSize(article.imageUrl);
  return {
    "@type": "BlogPosting",
    "@id": `${url}#article`,
    headline: article.title,
    description: article.excerpt,
    datePublished: article.date,
    dateModified: article.updated ?? article.date,
    articleSection: article.category,
    keywords: article.keywords.join(", "),
    inLanguage: site.locale,
    image: {
      "@type": "ImageObject",
      url: absoluteUrl(siteUrl, article.imageUrl),
      width: `${image.width}`,
      height: `${image.height}`,
    },
    author: {
      "@type": "Person",
      name: article.author,
      jobTitle: article.authorRole,
      url: absoluteUrl(siteUrl, "/about"),
      worksFor: { "@id": `${siteUrl}/#agency` },
    },
    publisher: {
      "@type": "Organization",
      "@id": `${siteUrl}/#agency`,
      name: site.name,
      url: absoluteUrl(siteUrl, "/"),
      logo: { "@type": "ImageObject", url: absoluteUrl(siteUrl, "/favicon.svg") },
    },
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
  };
}

/** Home > Blog > the article. */
export function articleBreadcrumbJsonLd(siteUrl: string, article: Pick<ArticlePageData, "title" | "slug">): BreadcrumbList {
  return breadcrumbJsonLd(siteUrl, [
    { name: "Home", path: "/" },
    { name: "Blog", path: "/blog" },
    { name: article.title, path: articlePath(article.slug) },
  ]);
}

/** The listing as a Blog whose posts are the articles shown. */
export function blogJsonLd(siteUrl: string, articles: readonly ArticleCardData[]): Blog {
  return {
    "@type": "Blog",
    "@id": `${absoluteUrl(siteUrl, "/blog")}#blog`,
    name: `${site.name} Blog`,
    url: absoluteUrl(siteUrl, "/blog"),
    inLanguage: site.locale,
    publisher: { "@id": `${siteUrl}/#agency` },
    blogPost: articles.map((article) => ({
      "@type": "BlogPosting",
      headline: article.title,
      url: absoluteUrl(siteUrl, articlePath(article.slug)),
      datePublished: article.date,
      image: absoluteUrl(siteUrl, article.imageUrl),
      author: { "@type": "Person", name: article.author },
    })),
  };
}
