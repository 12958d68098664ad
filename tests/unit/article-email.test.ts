import { describe, expect, it } from "vitest";
import { site } from "#app/config/site.ts";
import { specContact } from "#app/content/contact-details.ts";
import { team } from "#app/content/team.ts";
import { articleEmail } from "#server/articles/newsletter-email.ts";
import type { ArticleRecord } from "#server/articles/store.ts";

const at = new Date("2026-11-28T08:00:00Z");
const article: ArticleRecord = {
  id: 1,
  slug: "budgets-that-work",
  title: "Budgets that work",
  excerpt: "What a month of search spend buys.",
  category: "Google Ads",
  author: "thabo-nkosi",
  keywords: [],
  seoTitle: null,
  seoDescription: null,
  imagePath: null,
  imageAlt: null,
  body: "## Budgets\n\nSpend where the profit is.",
  featured: false,
  readTimeMinutes: 4,
  status: "published",
  publishAt: null,
  publishedAt: at,
  updatedOn: null,
  version: 2,
  createdAt: at,
  createdBy: "editor@roimedia.co.za",
  updatedAt: at,
  updatedBy: "editor@roimedia.co.za",
};

/** The newsletter's byline names the author as the team has it when the mail is made (decision 0052). */
describe("an article's newsletter mail", () => {
  const thabo = { ...team[0], id: "thabo-nkosi", name: "Thabo Nkosi", role: "Head of Client Success", initials: "TN" };

  it("names a member the agency added to the team", () => {
    const mail = articleEmail(article, { siteUrl: "https://roimedia.co.za", team: [...team, thabo], contact: specContact });
    expect(mail.text).toContain("Thabo Nkosi · Google Ads · 4 min read");
    expect(mail.html).toContain("Thabo Nkosi · Google Ads · 4 min read");
  });

  it("names the agency for an author no longer in the team", () => {
    const mail = articleEmail(article, { siteUrl: "https://roimedia.co.za", team, contact: specContact });
    expect(mail.text).toContain(`${site.name} · Google Ads`);
    expect(mail.text).not.toContain("Thabo");
  });
});
