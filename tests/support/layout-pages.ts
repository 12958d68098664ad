/**
 * One page of each layout. The pages of one layout (the service pages, the articles, the legal
 * pages) differ only in their text, whose headings, link names and alt text
 * tests/unit/content-accessibility.test.ts checks for every page, and in no control: what a browser
 * finds on one of them (axe, a press before React) it finds on the others (decision 0056).
 */
export const layoutPaths: ReadonlySet<string> = new Set([
  "/",
  "/about",
  "/services",
  "/services/google-ads",
  "/pricing",
  "/blog",
  "/blog/google-ads-roi-strategies",
  "/contact",
  "/free-audit",
  "/free-ai-assessment",
  "/get-started",
  "/company-profile",
  "/case-studies",
  "/calendar",
  "/privacy",
]);
