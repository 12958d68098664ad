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

export function isArticleSlug(value: string | undefined): value is ArticleSlug {
  return (articleSlugs as readonly string[]).includes(value ?? "");
}
