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

/** Each write refreshes this instance's live articles before it returns (docs/decisions/0057). */
export function articlePublishing({ admin: { db }, articles, publishing }: Pick<SiteServices, "admin" | "articles" | "publishing">) {
  const publish = (write: () => Promise<SaveResult>) => publishing.publish(articles.name, write);
  return {
    save(id: number | null, expected: number, content: ArticleContent, change: StateChange, actor: Actor): Promise<SaveResult> {
      return publish(async () => {
        if (id !== null) return saveArticle(db, id, expected, content, change, actor);
        const created = await createArticle(db, content, actor);
        if (!created.ok || change.to === "keep") return created;
        return saveArticle(db, created.id, created.version, content, change, actor);
      });
    },
    restore(id: number, revisionId: number, expected: number, actor: Actor): Promise<SaveResult> {
      return publish(() => restoreRevision(db, id, revisionId, expected, actor));
    },
  };
}
