import type { Actor } from "#server/audit/audit.ts";
import {
  type ArticleContent,
  createArticle,
  restoreRevision,
  type SaveResult,
  saveArticle,
  type StateChange,
} from "#server/articles/store.ts";
import type { SiteServices } from "#server/services.ts";

/**
 * The one way an article's content or state is written from the inbox: each
 * write refreshes this instance's live articles before it returns, so the
 * editor's next page, the feed and the sitemap already show it, and no writer
 * can forget to. The other instances notice within a poll (server/articles/live.ts).
 */
export function articlePublishing({ admin: { db }, articles }: Pick<SiteServices, "admin" | "articles">) {
  const refreshed = async (result: SaveResult) => {
    if (result.ok) await articles.refresh();
    return result;
  };
  return {
    /** A new article (a draft, then `change` if it is more) or a save over version `expected` of article `id`. */
    async save(id: number | null, expected: number, content: ArticleContent, change: StateChange, actor: Actor): Promise<SaveResult> {
      if (id !== null) return refreshed(await saveArticle(db, id, expected, content, change, actor));
      const created = await createArticle(db, content, actor);
      if (!created.ok || change.to === "keep") return refreshed(created);
      return refreshed(await saveArticle(db, created.id, created.version, content, change, actor));
    },
    async restore(id: number, revisionId: number, expected: number, actor: Actor): Promise<SaveResult> {
      return refreshed(await restoreRevision(db, id, revisionId, expected, actor));
    },
  };
}
