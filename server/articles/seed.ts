import type { Kysely } from "kysely";
import type { LoadedArticle } from "#app/content/blog.server.ts";
import { team } from "#app/content/team.ts";
import { sastInstant } from "#app/lib/sast.ts";
import type { Actor } from "#server/audit/audit.ts";
import { addRevision, type ArticleContent, contentColumns } from "#server/articles/store.ts";
import type { Database } from "#server/db/schema.ts";

const SITE_CONTENT: Actor = { userId: null, name: "site content (app/content/blog)" };

export function contentOfFile(article: LoadedArticle): ArticleContent {
  const author = team.find((member) => member.name === article.author);
  if (!author) throw new Error(`${article.slug}: ${article.author} is not in app/content/team.ts`);
  return {
    slug: article.slug,
    title: article.title,
    excerpt: article.excerpt,
    category: article.category,
    author: author.id,
    keywords: article.keywords,
    seoTitle: article.seoTitle ?? null,
    seoDescription: null,
    imagePath: `/blog/images/${article.slug}.svg`,
    imageAlt: article.imageAlt,
    body: article.body,
    featured: article.featured,
    // SPEC.md's figures ("12 min"), which no one rule of words per minute gives for all six.
    readTimeMinutes: Number.parseInt(article.readTime, 10),
  };
}

/** At start rather than in the migration (docs/decisions/0036); the slug's uniqueness lets one instance in per article. */
export async function seedArticles(db: Kysely<Database>, articles: readonly LoadedArticle[], now = new Date()): Promise<number> {
  const any = await db.selectFrom("articles").select("id").limit(1).executeTakeFirst();
  if (any) return 0;
  let written = 0;
  for (const article of articles) {
    const content = contentOfFile(article);
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("articles")
        .values({
          ...contentColumns(content),
          status: "published",
          published_at: sastInstant(article.date),
          updated_on: article.updated ?? null,
          version: 1,
          created_at: now,
          created_by: SITE_CONTENT.name,
          updated_at: now,
          updated_by: SITE_CONTENT.name,
        })
        .onConflict((oc) => oc.column("slug").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!row) return;
      await addRevision(trx, { id: row.id, version: 1, status: "published", content }, "Published", SITE_CONTENT, now);
      written += 1;
    });
  }
  return written;
}
