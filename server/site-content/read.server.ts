import type { RouterContextProvider } from "react-router";
import { servicesContext } from "#server/services.ts";
import { type ContentKind, contentKinds, type SiteContent } from "#server/site-content/kinds.ts";

/**
 * The live content of `kind`, for a loader. The build prerenders the pages
 * without the server's services: there it is SPEC.md's, what a new site starts
 * with; the server prepares them again from the records.
 */
export function siteContentOf<K extends ContentKind>(context: Readonly<RouterContextProvider>, kind: K): SiteContent[K] {
  try {
    return context.get(servicesContext).siteContent.content(kind);
  } catch {
    return contentKinds[kind].spec;
  }
}
