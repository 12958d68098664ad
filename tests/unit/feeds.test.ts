import fc from "fast-check";
import { SaxesParser } from "saxes";
import { describe, expect, it } from "vitest";
import { articleFormSchema, CONTROL_CHARACTER, fieldErrors } from "#app/lib/article-form.ts";
import { team } from "#app/content/team.ts";
import { articlePageOf } from "#server/articles/live.ts";
import { blogFeedXml, sitemapXml } from "#server/articles/feeds.ts";

/**
 * The RSS feed and the sitemap stay XML a reader parses whatever an editor
 * types (issue 40: one BEL in a title made the feed unreadable). Random text,
 * control characters, lone surrogates and markup included, goes through the
 * editor's schema and the live articles' own row-to-page function into the
 * real builders, and a strict XML parser (saxes: XML 1.0 well-formedness,
 * characters included) reads the result back.
 */

const SITE_URL = "https://www.roimedia.example";

/** The elements' text as a strict parser reads it; throws at the first thing that is not well-formed XML. */
function parseStrictly(xml: string): Map<string, string[]> {
  const texts = new Map<string, string[]>();
  const open: string[] = [];
  const parser = new SaxesParser({ xmlns: true });
  parser.on("error", (error) => {
    throw error;
  });
  parser.on("opentag", (tag) => {
    open.push(tag.name);
    texts.set(tag.name, [...(texts.get(tag.name) ?? []), ""]);
  });
  parser.on("text", (text) => {
    const name = open.at(-1);
    if (!name) return;
    const list = texts.get(name)!;
    list[list.length - 1] += text;
  });
  parser.on("closetag", () => open.pop());
  parser.write(xml).close();
  return texts;
}

/** Text an editor might paste: any character at all, and the ones that break XML made likely. */
const typed = fc
  .array(
    fc.oneof(
      fc.string({ unit: "binary", maxLength: 12 }),
      fc.string({ maxLength: 12 }),
      fc.constantFrom("\u0007", "\u0000", "\u001b", "\u007f", "\u0085", "\uFFFE", "\uFFFF", "\uD800", "\uDFFF", "<", "&", "]]>", "'\""),
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((parts) => parts.join(""));

/** An article's row as the editor's schema would store it, with `fields` typed in. */
function rowOf(id: number, fields: { title: string; excerpt: string; seoTitle: string }) {
  return {
    id,
    slug: `article-${id}`,
    title: fields.title,
    excerpt: fields.excerpt,
    category: "Google Ads",
    author: "lindiwe-dlamini",
    keywords: "[]",
    seo_title: fields.seoTitle || null,
    seo_description: null,
    image_path: null,
    image_alt: null,
    body: "Body.",
    read_time_minutes: null,
    featured: false,
    status: "published" as const,
    publish_at: null,
    published_at: new Date("2026-11-24T08:00:00Z"),
    updated_on: null,
    version: 1,
    created_at: new Date(),
    created_by: "test",
    updated_at: new Date(),
    updated_by: "test",
  };
}

/** Text as a form post carries it: UTF-8, where a lone surrogate cannot be written (it arrives as U+FFFD). */
const posted = (text: string) => new TextDecoder().decode(new TextEncoder().encode(text));

const form = (fields: { title: string; excerpt: string; seoTitle: string }) => ({
  title: posted(fields.title),
  excerpt: posted(fields.excerpt),
  seoTitle: posted(fields.seoTitle),
  slug: "an-article",
  category: "Google Ads",
  author: "lindiwe-dlamini",
  body: "Body.",
});

describe("the RSS feed and the sitemap", () => {
  it("are well-formed XML whatever is stored, and say what was typed but what XML cannot hold", () => {
    fc.assert(
      fc.property(fc.array(fc.record({ title: typed, excerpt: typed, seoTitle: typed }), { minLength: 1, maxLength: 3 }), (articles) => {
        const pages = articles.map((fields, i) => articlePageOf(rowOf(i + 1, fields), new Date("2026-11-24T08:00:00Z")));
        const feed = parseStrictly(blogFeedXml(SITE_URL, pages));
        parseStrictly(sitemapXml(SITE_URL, pages));
        // The channel's title, then each item's.
        const titles = feed.get("title")!.slice(1);
        const xmlChars = (text: string) => text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "");
        // A parser reads a line break written as \r\n or \r as \n (XML 1.0, 2.11).
        const asRead = (text: string) => xmlChars(text).replace(/\r\n?/g, "\n");
        expect(titles).toEqual(articles.map((fields) => asRead(fields.title)));
      }),
      { numRuns: 300 },
    );
  });

  it("never carry a control character an editor typed: the editor refuses it, naming the field", () => {
    fc.assert(
      fc.property(fc.record({ title: typed, excerpt: typed, seoTitle: typed }), (fields) => {
        const parsed = articleFormSchema(team.map((member) => member.id)).safeParse(form(fields));
        if (!parsed.success) {
          const errors = fieldErrors(parsed.error.issues);
          for (const [name, label] of [
            ["title", "The title"],
            ["excerpt", "The excerpt"],
            ["seoTitle", "The SEO title"],
          ] as const) {
            if (CONTROL_CHARACTER.test(fields[name].trim()) && fields[name].trim().length <= 60) {
              expect(errors[name], name).toMatch(new RegExp(`^${label} holds an invisible control character \\(at character \\d+\\)`));
            }
          }
          return;
        }
        expect(CONTROL_CHARACTER.test(`${parsed.data.title}${parsed.data.excerpt}${parsed.data.seoTitle}`)).toBe(false);
        const page = articlePageOf(
          rowOf(1, { title: parsed.data.title, excerpt: parsed.data.excerpt, seoTitle: parsed.data.seoTitle }),
          new Date(),
        );
        expect(parseStrictly(blogFeedXml(SITE_URL, [page])).get("title")![1]).toBe(parsed.data.title.replace(/\r\n?/g, "\n"));
      }),
      { numRuns: 300 },
    );
  });

  it("refuses one BEL in a title with a message saying where it is", () => {
    const parsed = articleFormSchema(team.map((member) => member.id)).safeParse(
      form({ title: "Budgets\u0007 that work", excerpt: "An excerpt.", seoTitle: "" }),
    );
    expect(parsed.success).toBe(false);
    expect(fieldErrors(parsed.error!.issues).title).toBe(
      "The title holds an invisible control character (at character 8), often pasted from another program: delete it, or retype the text around it.",
    );
  });
});
