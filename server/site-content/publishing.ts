import type { Actor } from "#server/audit/audit.ts";
import type { SiteServices } from "#server/services.ts";
import type { ContentKind, SiteContent } from "#server/site-content/kinds.ts";
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
    save<K extends ContentKind>(kind: K, expected: number, content: SiteContent[K], actor: Actor): Promise<ContentSaveResult> {
      return publish(() => saveContent(db, kind, expected, JSON.stringify(content), actor));
    },
    restore(kind: ContentKind, revisionId: number, expected: number, actor: Actor): Promise<ContentSaveResult> {
      return publish(() => restoreContent(db, kind, revisionId, expected, actor));
    },
  };
}
