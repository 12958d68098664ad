import { describe, expect, it } from "vitest";
import { articles } from "#app/content/blog.server.ts";
import { specContact } from "#app/content/contact-details.ts";
import { privacyPolicy, termsOfService } from "#app/content/legal.ts";
import { metricsOf, servicePages } from "#app/content/service-pages.ts";
import { specFigures } from "#app/content/stats.ts";
import { renderMarkdown } from "#app/lib/markdown.ts";

/**
 * What axe would find in a page's own text, proved for every article and service page without a browser:
 * tests/e2e/routes.test.ts runs axe on one page of each layout, and the others of that layout differ only in
 * their text (decision 0056).
 */

/** The heading levels of rendered HTML, in order. */
const headingLevels = (html: string) => [...html.matchAll(/<h([1-6])\b/g)].map(([, level]) => Number(level));

/** The text a screen reader reads for an element's inner HTML: its text, and the alt text of its images. */
const accessibleName = (inner: string) =>
  inner
    .replace(/<img\b[^>]*\balt="([^"]*)"[^>]*>/g, " $1 ")
    .replace(/<[^>]+>/g, "")
    .trim();

describe("every article's Markdown, as its page renders it", () => {
  it.each(articles.map((article) => [article.slug, article] as const))("%s", (_slug, article) => {
    const html = renderMarkdown(article.body);
    const levels = headingLevels(html);
    // The page's title is its one h1; the body's headings start under it and skip no level (axe: heading-order, page-has-heading-one).
    expect(levels.length).toBeGreaterThan(0);
    expect(levels[0]).toBe(2);
    for (const [index, level] of levels.entries())
      if (index > 0) expect(level, `heading ${index + 1}`).toBeLessThanOrEqual(levels[index - 1]! + 1);
    // Every heading and link says something (axe: empty-heading, link-name); every image has its alt text (image-alt).
    for (const [, inner] of html.matchAll(/<h[2-6][^>]*>([\s\S]*?)<\/h[2-6]>/g)) expect(accessibleName(inner!)).not.toBe("");
    for (const [, inner] of html.matchAll(/<a\b[^>]*>([\s\S]*?)<\/a>/g)) expect(accessibleName(inner!)).not.toBe("");
    for (const [image] of html.matchAll(/<img\b[^>]*>/g)) expect(image).toMatch(/\balt="[^"]+"/);
    expect(article.imageAlt.trim()).not.toBe("");
  });
});

describe("every service page's text", () => {
  it.each(Object.entries(servicePages))("%s: no heading, card or list item is empty", (_slug, page) => {
    const texts = [
      page.eyebrow,
      page.title,
      page.lead,
      page.guarantee,
      ...page.included,
      ...metricsOf(page.metrics, specFigures).flatMap((metric) => [metric.value, metric.label]),
      ...page.results.flatMap((result) => [result.metric, result.value, result.description]),
      ...page.process.flatMap((step) => [step.number, step.title, step.description]),
    ];
    for (const text of texts) expect(text.trim()).not.toBe("");
    // The process's steps are read in order (01 to 04).
    expect(page.process.map((step) => step.number)).toEqual(["01", "02", "03", "04"]);
  });
});

describe("the legal pages' text", () => {
  it.each([
    ["privacy", privacyPolicy(specContact)],
    ["terms", termsOfService(specContact)],
  ] as const)("%s: every section has a title and an id of its own, every table a caption and a header per column", (_name, document) => {
    const ids = document.sections.map((section) => section.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const section of document.sections) {
      expect(section.title.trim()).not.toBe("");
      expect(section.id).toMatch(/^[a-z][a-z0-9-]*$/);
      for (const block of section.blocks) {
        if (block.kind !== "table") continue;
        expect(block.caption.trim()).not.toBe("");
        for (const row of block.rows) expect(row.length).toBe(block.head.length);
      }
    }
  });
});
