// Plain data only: the route table and the browser import this file, so the
// Markdown, its parser and the front-matter schema stay in blog.server.ts and
// blog/front-matter.ts.

/** The six blog articles, in the order of SPEC.md section 2. */
export const articleSlugs = [
  "google-ads-roi-strategies",
  "meta-ads-attribution-after-ios-14-5",
  "linkedin-lead-generation-cost-reduction",
  "cro-80-20-framework",
  "google-ads-quality-score-optimization",
  "performance-marketing-attribution-models",
] as const;

export type ArticleSlug = (typeof articleSlugs)[number];

export const articlePath = (slug: string) => `/blog/${slug}`;

/** The title an article's title tag, social tags and card give: its shorter seoTitle when it has one. */
export const articleMetaTitle = (article: { title: string; seoTitle?: string | undefined }) => article.seoTitle ?? article.title;

/**
 * The blog's archive by category (SPEC.md section 9: 47 posts, 12 Google, 10 Meta,
 * 8 LinkedIn, 9 analytics, 8 CRO). `accent` colours each category's illustrations.
 */
export const blogCategories = [
  { name: "Google Ads", posts: 12, accent: "#60a5fa" },
  { name: "Meta Ads", posts: 10, accent: "#a5b4fc" },
  { name: "LinkedIn Ads", posts: 8, accent: "#38bdf8" },
  { name: "Analytics", posts: 9, accent: "#34d399" },
  { name: "CRO", posts: 8, accent: "#fbbf24" },
] as const;

export type ArticleCategory = (typeof blogCategories)[number]["name"];

export const categoryNames = blogCategories.map((category) => category.name) as [ArticleCategory, ...ArticleCategory[]];

/** A category's address on the listing: /blog?category=google-ads. */
export const categoryParam = (name: string) => name.toLowerCase().replaceAll(" ", "-");

export const totalPosts = blogCategories.reduce((sum, category) => sum + category.posts, 0);

/** SPEC.md section 9. */
export const newsletterReaders = "2,500+";

/** The shapes drawn on the generated featured images (blog/featured-image.ts). */
export const imageMotifs = ["rising-bars", "reconnect", "falling-line", "funnel", "gauge", "paths"] as const;

export type ImageMotif = (typeof imageMotifs)[number];

/** Featured images are drawn at this size; pages give it to `<img>` so nothing shifts. */
export const featuredImageSize = { width: 1200, height: 630 } as const;

/** An article as the listing shows it (server/articles/live.ts makes it from the agency's records). */
export interface ArticleSummary {
  slug: string;
  title: string;
  /** A shorter title for the `<title>` tag when the headline is too long for it. */
  seoTitle?: string;
  excerpt: string;
  category: string;
  /** As SPEC.md words it, e.g. "12 min". */
  readTime: string;
  /** ISO dates (YYYY-MM-DD). */
  date: string;
  updated?: string;
  author: string;
  authorRole: string;
  keywords: string[];
  imageUrl: string;
  imageAlt: string;
  featured: boolean;
}

/** What a card of the listing shows (its data rides in the listing's document, so no more). */
export type ArticleCardData = Omit<ArticleSummary, "keywords" | "seoTitle" | "updated" | "featured">;

/** An author's avatar as the team has it (app/content/team.ts, or the agency's edit of it). */
export interface AuthorAvatar {
  initials: string;
  avatar: { background: string; accent: string };
}

/** What an article's page and its meta show. */
export type ArticlePageData = Omit<ArticleSummary, "featured"> & { seoDescription?: string; authorAvatar?: AuthorAvatar };

/** An article page: the summary plus its body rendered to HTML. */
export interface Article extends ArticleSummary {
  html: string;
}
