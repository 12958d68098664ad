import type { Kysely, Selectable } from "kysely";
import type { ArticleStatus } from "#app/lib/article-form.ts";
import { type Actor, recordAudit } from "#server/audit/audit.ts";
import { revokePreviewLinks } from "#server/articles/preview-links.ts";
import type { ArticlesTable } from "#server/db/articles-tables.ts";
import type { Database } from "#server/db/schema.ts";

// docs/decisions/0036.

/** A revision keeps exactly this. */
export interface ArticleContent {
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  author: string;
  keywords: string[];
  seoTitle: string | null;
  seoDescription: string | null;
  imagePath: string | null;
  imageAlt: string | null;
  body: string;
  featured: boolean;
  // Null: computed from the body.
  readTimeMinutes: number | null;
}

export interface ArticleRecord extends ArticleContent {
  id: number;
  status: ArticleStatus;
  publishAt: Date | null;
  publishedAt: Date | null;
  updatedOn: string | null;
  version: number;
  createdAt: Date;
  createdBy: string;
  updatedAt: Date;
  updatedBy: string;
}

export interface RevisionSummary {
  id: number;
  version: number;
  action: string;
  status: ArticleStatus;
  savedAt: Date;
  savedBy: string;
}

export type StateChange = { to: "keep" } | { to: "draft" } | { to: "published" } | { to: "scheduled"; at: Date } | { to: "unpublished" };

export type SaveResult =
  | { ok: true; id: number; version: number }
  | { ok: false; problem: "missing" }
  | { ok: false; problem: "slug-taken" }
  | { ok: false; problem: "slug-moved"; to: { title: string; slug: string } }
  | { ok: false; problem: "conflict"; by: string; at: Date; version: number };

const toDate = (value: Date | string) => new Date(value);
const toDateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

export function contentColumns(content: ArticleContent) {
  return {
    slug: content.slug,
    title: content.title,
    excerpt: content.excerpt,
    category: content.category,
    author: content.author,
    keywords: JSON.stringify(content.keywords),
    seo_title: content.seoTitle,
    seo_description: content.seoDescription,
    image_path: content.imagePath,
    image_alt: content.imagePath ? content.imageAlt : null,
    body: content.body,
    featured: content.featured,
    read_time_minutes: content.readTimeMinutes,
  };
}

function contentOf(row: Selectable<ArticlesTable>): ArticleContent {
  return {
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    category: row.category,
    author: row.author,
    keywords: JSON.parse(row.keywords) as string[],
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    imagePath: row.image_path,
    imageAlt: row.image_alt,
    body: row.body,
    featured: Boolean(row.featured),
    readTimeMinutes: row.read_time_minutes,
  };
}

function recordOf(row: Selectable<ArticlesTable>): ArticleRecord {
  return {
    ...contentOf(row),
    id: row.id,
    status: row.status,
    publishAt: toDateOrNull(row.publish_at),
    publishedAt: toDateOrNull(row.published_at),
    updatedOn: row.updated_on,
    version: row.version,
    createdAt: toDate(row.created_at),
    createdBy: row.created_by,
    updatedAt: toDate(row.updated_at),
    updatedBy: row.updated_by,
  };
}

export async function listArticles(db: Kysely<Database>): Promise<ArticleRecord[]> {
  const rows = await db.selectFrom("articles").selectAll().orderBy("updated_at", "desc").orderBy("id", "desc").execute();
  return rows.map(recordOf);
}

export async function findArticleById(db: Kysely<Database>, id: number): Promise<ArticleRecord | undefined> {
  const row = await db.selectFrom("articles").selectAll().where("id", "=", id).executeTakeFirst();
  return row && recordOf(row);
}

export async function listRevisions(db: Kysely<Database>, articleId: number): Promise<RevisionSummary[]> {
  const rows = await db
    .selectFrom("article_revisions")
    .select(["id", "version", "action", "status", "saved_at", "saved_by"])
    .where("article_id", "=", articleId)
    .orderBy("version", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    version: row.version,
    action: row.action,
    status: row.status,
    savedAt: toDate(row.saved_at),
    savedBy: row.saved_by,
  }));
}

/** An old address of a live article is refused, as taking it would break its 301. */
async function slugProblem(
  db: Kysely<Database>,
  slug: string,
  exceptId: number | null,
): Promise<Extract<SaveResult, { problem: "slug-taken" | "slug-moved" }> | null> {
  const taken = await db
    .selectFrom("articles")
    .select("id")
    .where("slug", "=", slug)
    .$if(exceptId !== null, (qb) => qb.where("id", "<>", exceptId!))
    .executeTakeFirst();
  if (taken) return { ok: false, problem: "slug-taken" };
  const moved = await db
    .selectFrom("article_redirects")
    .innerJoin("articles", "articles.id", "article_redirects.article_id")
    .select(["articles.title", "articles.slug"])
    .where("article_redirects.old_slug", "=", slug)
    .where("articles.status", "in", ["published", "scheduled"])
    .$if(exceptId !== null, (qb) => qb.where("articles.id", "<>", exceptId!))
    .executeTakeFirst();
  return moved ? { ok: false, problem: "slug-moved", to: { title: moved.title, slug: moved.slug } } : null;
}

export function slugRefusal(result: Extract<SaveResult, { problem: "slug-taken" | "slug-moved" }>): string {
  if (result.problem === "slug-taken") return "Another article has this slug: choose another.";
  return `This was the address of the live article “${result.to.title}”, and still takes its readers and search engines to it at /blog/${result.to.slug}: choose another slug.`;
}

export async function addRevision(
  trx: Kysely<Database>,
  article: { id: number; version: number; status: ArticleStatus; content: ArticleContent },
  action: string,
  actor: Actor,
  now: Date,
): Promise<void> {
  await trx
    .insertInto("article_revisions")
    .values({
      article_id: article.id,
      version: article.version,
      content: JSON.stringify(article.content),
      status: article.status,
      action,
      saved_at: now,
      saved_by: actor.name,
    })
    .execute();
}

export async function createArticle(db: Kysely<Database>, content: ArticleContent, actor: Actor, now = new Date()): Promise<SaveResult> {
  return db.transaction().execute(async (trx) => {
    const problem = await slugProblem(trx, content.slug, null);
    if (problem) return problem;
    const { id } = await trx
      .insertInto("articles")
      .values({
        ...contentColumns(content),
        status: "draft",
        version: 1,
        created_at: now,
        created_by: actor.name,
        updated_at: now,
        updated_by: actor.name,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // An old address of an article not live now belongs to this one.
    await trx.deleteFrom("article_redirects").where("old_slug", "=", content.slug).execute();
    await addRevision(trx, { id, version: 1, status: "draft", content }, "Created", actor, now);
    return { ok: true, id, version: 1 } as const;
  });
}

const actionOf: Record<StateChange["to"], string> = {
  keep: "Saved",
  draft: "Saved as draft",
  published: "Published",
  scheduled: "Scheduled",
  unpublished: "Unpublished",
};

/** Refused when someone saved since (the version moved on) or the slug is another article's. */
export async function saveArticle(
  db: Kysely<Database>,
  id: number,
  expected: number,
  content: ArticleContent,
  change: StateChange,
  actor: Actor,
  now = new Date(),
): Promise<SaveResult> {
  return db.transaction().execute((trx) => saveIn(trx, id, expected, content, change, actor, now, actionOf[change.to]));
}

async function saveIn(
  trx: Kysely<Database>,
  id: number,
  expected: number,
  content: ArticleContent,
  change: StateChange,
  actor: Actor,
  now: Date,
  action: string,
): Promise<SaveResult> {
  const before = await trx.selectFrom("articles").selectAll().where("id", "=", id).executeTakeFirst();
  if (!before) return { ok: false, problem: "missing" };
  const problem = await slugProblem(trx, content.slug, id);
  if (problem) return problem;
  const status = change.to === "keep" ? before.status : change.to;
  const version = expected + 1;
  const updated = await trx
    .updateTable("articles")
    .set({
      ...contentColumns(content),
      status,
      publish_at: change.to === "scheduled" ? change.at : change.to === "keep" ? toDateOrNull(before.publish_at) : null,
      published_at: change.to === "published" && before.published_at === null ? now : toDateOrNull(before.published_at),
      version,
      updated_at: now,
      updated_by: actor.name,
    })
    .where("id", "=", id)
    .where("version", "=", expected)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    // Read again: on PostgreSQL the winning save may have committed after `before` was read.
    const winner =
      (await trx.selectFrom("articles").select(["updated_by", "updated_at", "version"]).where("id", "=", id).executeTakeFirst()) ?? before;
    return { ok: false, problem: "conflict", by: winner.updated_by, at: toDate(winner.updated_at), version: winner.version };
  }
  if (before.slug !== content.slug) {
    await trx.deleteFrom("article_redirects").where("old_slug", "=", content.slug).execute();
    await trx
      .insertInto("article_redirects")
      .values({ old_slug: before.slug, article_id: id, created_at: now })
      .onConflict((oc) => oc.column("old_slug").doUpdateSet({ article_id: id, created_at: now }))
      .execute();
  }
  await addRevision(trx, { id, version, status, content }, action, actor, now);
  // Taken down, it is previewed by no link made before.
  if (change.to === "unpublished") await revokePreviewLinks(trx, id, null, actor, now);
  if (change.to !== "keep" && change.to !== "draft" && change.to !== before.status) {
    const when = change.to === "scheduled" ? ` for ${change.at.toISOString()}` : "";
    await recordAudit(
      trx,
      actor,
      { action: `article-${change.to}`, detail: `${action.toLowerCase()} the article /blog/${content.slug}${when}` },
      now,
    );
  }
  return { ok: true, id, version };
}

export async function restoreRevision(
  db: Kysely<Database>,
  articleId: number,
  revisionId: number,
  expected: number,
  actor: Actor,
  now = new Date(),
): Promise<SaveResult> {
  const revision = await db
    .selectFrom("article_revisions")
    .select(["content", "version"])
    .where("id", "=", revisionId)
    .where("article_id", "=", articleId)
    .executeTakeFirst();
  if (!revision) return { ok: false, problem: "missing" };
  const content = JSON.parse(revision.content) as ArticleContent;
  return db.transaction().execute(async (trx) => {
    const result = await saveIn(trx, articleId, expected, content, { to: "keep" }, actor, now, `Restored version ${revision.version}`);
    if (result.ok) {
      const detail = `restored version ${revision.version} of the article /blog/${content.slug}`;
      await recordAudit(trx, actor, { action: "article-restore", detail }, now);
    }
    return result;
  });
}

const SCHEDULE: Actor = { userId: null, name: "the schedule" };

/** Instances may call it together: the update's `where` lets one of them publish each article. */
export async function publishDue(db: Kysely<Database>, now = new Date()): Promise<number> {
  const due = await db.selectFrom("articles").selectAll().where("status", "=", "scheduled").where("publish_at", "<=", now).execute();
  let published = 0;
  for (const row of due) {
    await db.transaction().execute(async (trx) => {
      const version = row.version + 1;
      const updated = await trx
        .updateTable("articles")
        .set({ status: "published", published_at: toDateOrNull(row.published_at) ?? toDate(row.publish_at!), version, updated_at: now })
        .where("id", "=", row.id)
        .where("version", "=", row.version)
        .where("status", "=", "scheduled")
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return;
      await addRevision(
        trx,
        { id: row.id, version, status: "published", content: contentOf(row) },
        "Published as scheduled",
        SCHEDULE,
        now,
      );
      published += 1;
    });
  }
  return published;
}
