import type { PricingContent } from "#app/content/pricing.ts";
import type { Actor } from "#server/audit/audit.ts";
import type { SiteServices } from "#server/services.ts";
import { type ContentSaveResult, restoreContent, saveContent } from "#server/site-content/store.ts";

/**
 * The one way site content is written from the inbox: each write refreshes
 * this instance's live content (and prepares its pages) before it returns;
 * the other instances notice within a poll (server/site-content/live.ts).
 */
export function siteContentPublishing({ admin: { db }, siteContent }: Pick<SiteServices, "admin" | "siteContent">) {
  const refreshed = async (result: ContentSaveResult) => {
    if (result.ok) await siteContent.refresh();
    return result;
  };
  return {
    async savePricing(expected: number, pricing: PricingContent, actor: Actor): Promise<ContentSaveResult> {
      return refreshed(await saveContent(db, "pricing", expected, JSON.stringify(pricing), actor));
    },
    async restorePricing(revisionId: number, expected: number, actor: Actor): Promise<ContentSaveResult> {
      return refreshed(await restoreContent(db, "pricing", revisionId, expected, actor));
    },
  };
}
