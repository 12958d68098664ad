import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { site } from "#app/config/site.ts";
import { type ArticleSlug, articleMetaTitle, articleSlugs, categoryNames, imageMotifs } from "#app/content/articles.ts";
import { team } from "#app/content/team.ts";

/** Search engines cut titles longer than this; the brand suffix counts. */
export const MAX_TITLE_TAG_LENGTH = 60;
/** A description search engines show whole (page-meta.ts keeps pages to the same range). */
const DESCRIPTION_LENGTH = { min: 50, max: 160 };

const authorNames = team.map((member) => member.name) as [string, ...string[]];

/** Each article's Markdown file in this folder is named after its slug. */
export const articleFileName = (slug: ArticleSlug) => `${slug}.md`;

export const titleTag = (headline: string) => `${headline} | ${site.name}`;

/** The YAML block at the top of every article in this folder. */
export const frontMatterSchema = z
  .object({
    title: z.string().min(10),
    seoTitle: z.string().min(10).optional(),
    excerpt: z.string().min(DESCRIPTION_LENGTH.min).max(DESCRIPTION_LENGTH.max),
    category: z.enum(categoryNames),
    readTime: z.string().regex(/^\d+ min$/, 'Write the read time as "N min"'),
    date: z.iso.date(),
    updated: z.iso.date().optional(),
    author: z.enum(authorNames, { error: `The author must be one of the co-founders: ${authorNames.join(", ")}` }),
    authorRole: z.string(),
    keywords: z.array(z.string().min(2)).min(3),
    featuredImage: z.string().regex(/^images\/[a-z0-9-]+\.svg$/),
    imageAlt: z.string().min(10),
    imageMotif: z.enum(imageMotifs),
    slug: z.enum(articleSlugs),
    featured: z.boolean().default(false),
  })
  .strict()
  .superRefine((matter, ctx) => {
    const role = team.find((member) => member.name === matter.author)?.role;
    if (role !== undefined && matter.authorRole !== role) {
      ctx.addIssue({ code: "custom", path: ["authorRole"], message: `${matter.author} is "${role}" in team.ts` });
    }
    const tag = titleTag(articleMetaTitle(matter));
    if (tag.length > MAX_TITLE_TAG_LENGTH) {
      ctx.addIssue({
        code: "custom",
        path: [matter.seoTitle ? "seoTitle" : "title"],
        message: `"${tag}" is longer than ${MAX_TITLE_TAG_LENGTH} characters: add or shorten seoTitle`,
      });
    }
    if (matter.updated && matter.updated < matter.date) {
      ctx.addIssue({ code: "custom", path: ["updated"], message: "updated is earlier than date" });
    }
    if (matter.featuredImage !== `images/${matter.slug}.svg`) {
      ctx.addIssue({ code: "custom", path: ["featuredImage"], message: `Expected images/${matter.slug}.svg` });
    }
  });

export type FrontMatter = z.infer<typeof frontMatterSchema>;

export interface ArticleSource {
  matter: FrontMatter;
  /** The Markdown after the front matter. */
  body: string;
}

/** Splits an article file into validated front matter and Markdown body; throws naming the file. */
export function parseArticleSource(fileName: string, source: string): ArticleSource {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`${fileName}: no front matter between --- lines`);
  const result = frontMatterSchema.safeParse(parseYaml(match[1]!));
  if (!result.success) throw new Error(`${fileName}: invalid front matter\n${z.prettifyError(result.error)}`);
  return { matter: result.data, body: match[2]!.trim() };
}
