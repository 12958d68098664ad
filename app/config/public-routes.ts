import { articleSlugs } from "#app/content/articles.ts";
import { serviceSlugs } from "#app/content/services.ts";

/**
 * Every public page, with how it is rendered. Pages whose HTML depends on the
 * request (forms carrying a signed token, today's date, query parameters, free
 * booking slots) are rendered per request; the rest are prerendered at build.
 */
export interface PublicRoute {
  path: string;
  rendering: "prerendered" | "per-request";
}

export const publicRoutes: readonly PublicRoute[] = [
  { path: "/", rendering: "prerendered" },
  { path: "/about", rendering: "prerendered" },
  { path: "/services", rendering: "prerendered" },
  ...serviceSlugs.map((slug) => ({ path: `/services/${slug}`, rendering: "prerendered" as const })),
  { path: "/pricing", rendering: "prerendered" },
  { path: "/blog", rendering: "per-request" },
  ...articleSlugs.map((slug) => ({ path: `/blog/${slug}`, rendering: "prerendered" as const })),
  { path: "/contact", rendering: "per-request" },
  { path: "/free-audit", rendering: "per-request" },
  { path: "/free-ai-assessment", rendering: "per-request" },
  { path: "/get-started", rendering: "per-request" },
  { path: "/company-profile", rendering: "per-request" },
  { path: "/case-studies", rendering: "prerendered" },
  { path: "/calendar", rendering: "per-request" },
  { path: "/privacy", rendering: "per-request" },
  { path: "/terms", rendering: "per-request" },
];

export function prerenderedPaths(): string[] {
  return publicRoutes.filter((r) => r.rendering === "prerendered").map((r) => r.path);
}
