import { Marked } from "marked";
import { type Article, articleSlugs } from "#app/content/articles.ts";
import { articleFileName, type ArticleSource, parseArticleSource } from "#app/content/blog/front-matter.ts";

// Vite inlines the Markdown into the server bundle at build, so no file is read
// at run time; the article pages are prerendered from it.
const sources = import.meta.glob<string>("./blog/*.md", { query: "?raw", import: "default", eager: true });
// Served as hashed files (never inlined as data: URLs) so cards and pages share one cached image.
const imageUrls = import.meta.glob<string>("./blog/images/*.svg", { query: "?url&no-inline", import: "default", eager: true });

const markdown = new Marked({ gfm: true, async: false });

export interface LoadedArticle extends Article {
  /** The Markdown body, for checks on the text itself. */
  body: string;
}

function load(): LoadedArticle[] {
  const bySlug = new Map<string, LoadedArticle>();
  for (const [path, source] of Object.entries(sources)) {
    const fileName = path.slice(path.lastIndexOf("/") + 1);
    const { matter, body }: ArticleSource = parseArticleSource(fileName, source);
    if (fileName !== articleFileName(matter.slug)) throw new Error(`${fileName}: its slug is ${matter.slug}; name the file after the slug`);
    const imageUrl = imageUrls[`./blog/${matter.featuredImage}`];
    if (!imageUrl) throw new Error(`${fileName}: ${matter.featuredImage} does not exist`);
    const { featuredImage: _file, imageMotif: _motif, ...summary } = matter;
    bySlug.set(matter.slug, { ...summary, imageUrl, body, html: markdown.parse(body, { async: false }) });
  }
  const missing = articleSlugs.filter((slug) => !bySlug.has(slug));
  if (missing.length > 0) throw new Error(`No Markdown file for ${missing.join(", ")} in app/content/blog`);
  const articles = articleSlugs.map((slug) => bySlug.get(slug)!);
  const featured = articles.filter((article) => article.featured);
  if (featured.length !== 1) throw new Error(`Exactly one article must be featured; found ${featured.length}`);
  return articles;
}

/**
 * The six first articles, newest first: the records a new site starts with
 * (server/articles/seed.ts). Validated when the server bundle loads, so a bad
 * file fails the build.
 */
export const articles: readonly LoadedArticle[] = load().sort((a, b) => b.date.localeCompare(a.date));

/**
 * The served address of a drawn image the build carries, by the path an
 * article records for it (`/blog/images/{file}`, as the first articles do).
 */
export function builtImageUrl(imagePath: string): string | undefined {
  return imagePath.startsWith("/blog/images/") ? imageUrls[`./blog/images/${imagePath.slice("/blog/images/".length)}`] : undefined;
}
