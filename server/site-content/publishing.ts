import type { PricingContent } from "#app/content/pricing.ts";
import type { Actor } from "#server/audit/audit.ts";
import type { SiteServices } from "#server/services.ts";
import { type ContentSaveResult, restoreContent, saveContent } from "#server/site-content/store.ts";

/**
 * The inbox's writes of site content, each through the publishing service
 * (server/publishing/), which refreshes this instance's live content (and
 * prepares its pages) before it returns; the other instances notice within a poll.
 */
export function siteContentPublishing({
  admin: { db },
  siteContent,
  publishing,
}: Pick<SiteServices, "admin" | "siteContent" | "publishing">) {
  const publish = (write: () => Promise<ContentSaveResult>) => publishing.publish(siteContent.name, write);
  return {
    savePricing(expected: number, pricing: PricingContent, actor: Actor): Promise<ContentSaveResult> {
      return publish(() => saveContent(db, "pricing", expected, JSON.stringify(pricing), actor));
    },
    restorePricing(revisionId: number, expected: number, actor: Actor): Promise<ContentSaveResult> {
      return publish(() => restoreContent(db, "pricing", revisionId, expected, actor));
    },
  };
}
