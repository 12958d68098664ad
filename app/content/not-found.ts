import type { PageMeta } from "#app/content/page-meta.ts";

/**
 * The 404 page's title and description, in a module of their own: the document's error
 * screen shows the page on any route, so this is loaded with every page, the rest of
 * ./page-meta not.
 */
export const notFoundMeta = {
  title: "Page Not Found",
  description: "The page you were looking for does not exist. Return to the home page to find our services, pricing and free ad audit.",
} satisfies PageMeta;
