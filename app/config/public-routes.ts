import { articlePath, articleSlugs } from "#app/content/articles.ts";
import { pageMeta } from "#app/content/page-meta.ts";
import { servicePath, serviceSlugs } from "#app/content/services.ts";

/** Pages whose HTML depends on the request are rendered per request, the rest prerendered; the six articles are a new site's. */
export interface PublicRoute {
  path: string;
  rendering: "prerendered" | "per-request" | "article";
}

export const publicRoutes: readonly PublicRoute[] = [
  { path: pageMeta.home.path, rendering: "prerendered" },
  { path: pageMeta.about.path, rendering: "prerendered" },
  { path: pageMeta.services.path, rendering: "prerendered" },
  ...serviceSlugs.map((slug) => ({ path: servicePath(slug), rendering: "prerendered" as const })),
  { path: pageMeta.pricing.path, rendering: "prerendered" },
  { path: pageMeta.blog.path, rendering: "per-request" },
  ...articleSlugs.map((slug) => ({ path: articlePath(slug), rendering: "article" as const })),
  { path: pageMeta.contact.path, rendering: "per-request" },
  { path: pageMeta.freeAudit.path, rendering: "per-request" },
  { path: pageMeta.freeAiAssessment.path, rendering: "per-request" },
  { path: pageMeta.getStarted.path, rendering: "per-request" },
  { path: pageMeta.companyProfile.path, rendering: "per-request" },
  { path: pageMeta.caseStudies.path, rendering: "prerendered" },
  { path: pageMeta.calendar.path, rendering: "per-request" },
  { path: pageMeta.privacy.path, rendering: "per-request" },
  { path: pageMeta.terms.path, rendering: "per-request" },
];

export function prerenderedPaths(): string[] {
  return publicRoutes.filter((r) => r.rendering === "prerendered").map((r) => r.path);
}
