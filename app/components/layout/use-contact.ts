import { useRouteLoaderData } from "react-router";
import { type ContactContent, specContact } from "#app/content/contact-details.ts";
import type { RootData } from "#app/lib/seo.ts";

/**
 * The live contact details, from the root's data (app/root.tsx): the footer's and any page's, so a page
 * carries them once. SPEC.md's where the root has no data (an error before its loader answered).
 */
export function useContact(): ContactContent {
  return (useRouteLoaderData("root") as RootData | undefined)?.contact ?? specContact;
}
