import { describe, expect, it } from "vitest";
import { articles } from "#app/content/blog.server.ts";
import { articleSlugs, blogCategories, totalPosts } from "#app/content/articles.ts";
import { featuredImageSvg, wrapTitle } from "#app/content/blog/featured-image.ts";
import { frontMatterSchema, MAX_TITLE_TAG_LENGTH, parseArticleSource, titleTag } from "#app/content/blog/front-matter.ts";
import { team } from "#app/content/team.ts";
import { countWords } from "#app/lib/read-time.ts";

const sources = import.meta.glob<string>("../../app/content/blog/*.md", { query: "?raw", import: "default", eager: true });

/** SPEC.md section 2, article pages. */
const specReadTimes: Record<string, string> = {
  "google-ads-roi-strategies": "12 min",
  "meta-ads-attribution-after-ios-14-5": "8 min",
  "linkedin-lead-generation-cost-reduction": "6 min",
  "cro-80-20-framework": "10 min",
  "google-ads-quality-score-optimization": "7 min",
  "performance-marketing-attribution-models": "9 min",
};

const MIN_WORDS = 700;

function validMatter() {
  const [, source] = Object.entries(sources)[0]!;
  return { ...parseArticleSource("first.md", source).matter };
}

describe("blog articles", () => {
  it("has one Markdown file per fixed slug, each parsing with the schema", () => {
    const parsed = Object.entries(sources).map(([path, source]) => {
      const { matter } = parseArticleSource(path, source);
      expect(path.endsWith(`/${matter.slug}.md`), path).toBe(true);
      return matter.slug;
    });
    expect(parsed.toSorted()).toEqual([...articleSlugs].toSorted());
    expect(articles.map((a) => a.slug).toSorted()).toEqual([...articleSlugs].toSorted());
  });

  it.each(articles.map((a) => [a.slug, a] as const))(
    "%s has the spec's read time, a co-founder author and a real body",
    (slug, article) => {
      expect(article.readTime).toBe(specReadTimes[slug]);
      const author = team.find((member) => member.name === article.author);
      expect(author, `${article.author} is not a co-founder`).toBeDefined();
      expect(article.authorRole).toBe(author!.role);
      expect(countWords(article.body)).toBeGreaterThanOrEqual(MIN_WORDS);
      // The page's own h1 is the title: the body starts at h2 and is structured.
      expect(article.html).not.toMatch(/<h1[\s>]/);
      expect(article.html.match(/<h2[\s>]/g)?.length ?? 0).toBeGreaterThanOrEqual(4);
      expect(article.html).toMatch(/<(ul|ol)>/);
      expect(titleTag(article.seoTitle ?? article.title).length).toBeLessThanOrEqual(MAX_TITLE_TAG_LENGTH);
      expect(article.excerpt.length).toBeGreaterThanOrEqual(50);
      expect(article.excerpt.length).toBeLessThanOrEqual(160);
    },
  );

  it("features exactly one article and lists them newest first", () => {
    expect(articles.filter((a) => a.featured)).toHaveLength(1);
    const dates = articles.map((a) => a.date);
    expect(dates).toEqual(dates.toSorted().reverse());
  });

  it("counts the archive as SPEC.md does: 47 posts, 12 Google, 10 Meta, 8 LinkedIn, 9 analytics, 8 CRO", () => {
    expect(totalPosts).toBe(47);
    expect(Object.fromEntries(blogCategories.map((c) => [c.name, c.posts]))).toEqual({
      "Google Ads": 12,
      "Meta Ads": 10,
      "LinkedIn Ads": 8,
      Analytics: 9,
      CRO: 8,
    });
    expect(articles.find((a) => a.slug === "google-ads-roi-strategies")?.category).toBe("Google Ads");
  });
});

describe("front matter schema", () => {
  it("accepts a valid article", () => {
    expect(frontMatterSchema.safeParse(validMatter()).success).toBe(true);
  });

  it("rejects an author who is not a co-founder, or a role that differs from the team's", () => {
    const stranger = frontMatterSchema.safeParse({ ...validMatter(), author: "Jane Smith" });
    expect(stranger.success).toBe(false);
    const member = team[0];
    const wrongRole = frontMatterSchema.safeParse({ ...validMatter(), author: member.name, authorRole: "Intern" });
    expect(wrongRole.error?.issues.map((i) => i.path.join("."))).toEqual(["authorRole"]);
  });

  it("asks for a seoTitle when the title does not fit a 60-character title tag", () => {
    const long = { ...validMatter(), title: "A headline that is far too long to fit in a browser tab title", seoTitle: undefined };
    expect(frontMatterSchema.safeParse(long).error?.issues[0]?.path).toEqual(["title"]);
    expect(frontMatterSchema.safeParse({ ...long, seoTitle: "A short search title" }).success).toBe(true);
  });

  it("rejects a slug outside the fixed list, a read time in another format and unknown fields", () => {
    expect(frontMatterSchema.safeParse({ ...validMatter(), slug: "new-post" }).success).toBe(false);
    expect(frontMatterSchema.safeParse({ ...validMatter(), readTime: "12 minutes" }).success).toBe(false);
    expect(frontMatterSchema.safeParse({ ...validMatter(), auther: "typo" }).success).toBe(false);
  });

  it("names the file when its front matter is missing or invalid", () => {
    expect(() => parseArticleSource("broken.md", "# No front matter")).toThrow(/broken\.md/);
    expect(() => parseArticleSource("bad.md", "---\ntitle: x\n---\nBody")).toThrow(/bad\.md: invalid front matter/);
  });
});

describe("featured images", () => {
  it.each(
    Object.values(sources)
      .map((source) => parseArticleSource("", source).matter)
      .map((m) => [m.slug, m] as const),
  )("%s: the committed SVG is the one drawn from its front matter", async (slug, matter) => {
    const svg = featuredImageSvg(matter);
    expect(svg).toContain(`width="1200" height="630"`);
    await expect(svg).toMatchFileSnapshot(`../../app/content/blog/images/${slug}.svg`);
  });

  it("refuses a title too long to fit the image", () => {
    expect(wrapTitle("Short title")).toEqual(["Short title"]);
    expect(() => wrapTitle("word ".repeat(40).trim())).toThrow(/lines/);
  });

  it("escapes markup in the title", () => {
    const svg = featuredImageSvg({ title: "Ads & <Sales>", category: "CRO", readTime: "5 min", imageMotif: "funnel" });
    expect(svg).toContain("Ads &amp; &lt;Sales&gt;");
  });
});
