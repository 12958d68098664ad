import { type Kysely, type Selectable, sql } from "kysely";
import type { Article, ArticleSummary, AuthorAvatar } from "#app/content/articles.ts";
import { builtImageUrl } from "#app/content/blog.server.ts";
import { team, type TeamMember } from "#app/content/team.ts";
import { renderMarkdown } from "#app/lib/markdown.ts";
import { ogImagePath } from "#app/lib/og.ts";
import { readTimeLabel, readTimeMinutes } from "#app/lib/read-time.ts";
import { sastDate } from "#app/lib/sast.ts";
import { publishDue } from "#server/articles/store.ts";
import type { ArticlesTable } from "#server/db/articles-tables.ts";
import type { Database } from "#server/db/schema.ts";
import type { PublishedKind } from "#server/publishing/service.ts";

// Held in memory so no page reads the database per request; a save elsewhere is live here within a poll (docs/decisions/0039).

export interface LiveArticle extends Article {
  id: number;
  version: number;
  seoDescription?: string;
  authorAvatar?: AuthorAvatar;
}

interface Snapshot {
  fingerprint: string;
  articles: readonly LiveArticle[];
  summaries: readonly ArticleSummary[];
  bySlug: ReadonlyMap<string, LiveArticle>;
  redirects: ReadonlyMap<string, string>;
  nextScheduled: Date | null;
}

export type ArticlesListener = (articles: readonly LiveArticle[]) => void | Promise<void>;

type CardDrawer = (pagePath: string, title: string) => Promise<Buffer>;

// A few drafts under review, about 50 KB each.
const PREVIEW_CARDS_KEPT = 16;

const EMPTY: Snapshot = { fingerprint: "", articles: [], summaries: [], bySlug: new Map(), redirects: new Map(), nextScheduled: null };

// Falls back to the article's own social card, the same 1200x630 as a drawn image.
function imageOf(row: { slug: string; title: string; seo_title: string | null; image_path: string | null; image_alt: string | null }) {
  if (row.image_path) return { imageUrl: builtImageUrl(row.image_path) ?? row.image_path, imageAlt: row.image_alt ?? "" };
  return { imageUrl: ogImagePath(`/blog/${row.slug}`, row.seo_title ?? row.title), imageAlt: "" };
}

/** The live pages and the private preview (preview.ts) both render through this; `members`: the team that names the author. */
export function articlePageOf(
  row: Selectable<ArticlesTable>,
  publishedAt: Date,
  html = renderMarkdown(row.body),
  members: readonly TeamMember[] = team,
): LiveArticle {
  const author = members.find((member) => member.id === row.author);
  return {
    id: row.id,
    version: row.version,
    slug: row.slug,
    title: row.title,
    ...(row.seo_title ? { seoTitle: row.seo_title } : {}),
    ...(row.seo_description ? { seoDescription: row.seo_description } : {}),
    excerpt: row.excerpt,
    category: row.category,
    readTime: readTimeLabel(row.read_time_minutes ?? readTimeMinutes(row.body)),
    date: sastDate(publishedAt),
    ...(row.updated_on ? { updated: row.updated_on } : {}),
    author: author?.name ?? row.author,
    authorRole: author?.role ?? "",
    ...(author ? { authorAvatar: { initials: author.initials, avatar: author.avatar } } : {}),
    keywords: JSON.parse(row.keywords) as string[],
    ...imageOf(row),
    featured: Boolean(row.featured),
    html,
  };
}

export class LiveArticles implements PublishedKind {
  readonly name = "articles";
  #snapshot = EMPTY;
  #listeners: ArticlesListener[] = [];
  // A call during a refresh waits for it and then looks again.
  #running: Promise<void> | undefined;
  #again = false;
  #html = new Map<string, string>();

  #drawCard: CardDrawer | undefined;
  // By file name, which changes with the title; oldest first.
  #previewCards = new Map<string, Promise<Buffer>>();

  readonly #db: Kysely<Database>;
  readonly #now: () => Date;
  // The team that names the authors: SPEC.md's until the site content's is given (authorsFrom).
  #authors: () => readonly TeamMember[] = () => team;

  constructor(db: Kysely<Database>, now: () => Date = () => new Date()) {
    this.#db = db;
    this.#now = now;
  }

  list(): readonly ArticleSummary[] {
    return this.#snapshot.summaries;
  }

  pages(): readonly LiveArticle[] {
    return this.#snapshot.articles;
  }

  featured(): ArticleSummary | undefined {
    const { summaries } = this.#snapshot;
    return summaries.find((article) => article.featured) ?? summaries[0];
  }

  find(slug: string): LiveArticle | undefined {
    return this.#snapshot.bySlug.get(slug);
  }

  movedTo(slug: string): string | undefined {
    return this.#snapshot.redirects.get(slug);
  }

  /**
   * Names the authors from the team as the agency edits it (decision 0052): a look after the team changed
   * reads the articles again, as after a save, so their pages are prepared again.
   */
  authorsFrom(authors: () => readonly TeamMember[]): void {
    this.#authors = authors;
  }

  drawCardsWith(drawer: CardDrawer): void {
    this.#drawCard = drawer;
  }

  previewCard(pagePath: string, title: string): Promise<Buffer> | null {
    if (!this.#drawCard) return null;
    const name = ogImagePath(pagePath, title);
    let card = this.#previewCards.get(name);
    if (!card) {
      card = this.#drawCard(pagePath, title);
      // A card that failed is drawn again at the next look.
      card.catch(() => this.#previewCards.delete(name));
      this.#previewCards.set(name, card);
      for (const oldest of this.#previewCards.keys()) {
        if (this.#previewCards.size <= PREVIEW_CARDS_KEPT) break;
        this.#previewCards.delete(oldest);
      }
    }
    return card;
  }

  onChange(listener: ArticlesListener): void {
    this.#listeners.push(listener);
  }

  refresh(): Promise<void> {
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = (async () => {
      try {
        do {
          this.#again = false;
          await this.#look();
        } while (this.#again);
      } finally {
        this.#running = undefined;
      }
    })();
    return this.#running;
  }

  async prepare(): Promise<void> {
    for (const listener of this.#listeners) await listener(this.#snapshot.articles);
  }

  async #look(): Promise<void> {
    const { nextScheduled } = this.#snapshot;
    if (nextScheduled && nextScheduled <= this.#now()) await publishDue(this.#db, this.#now());
    const authors = this.#authors();
    const fingerprint = `${await this.#fingerprint()}:${JSON.stringify(authors.map(({ id, name, role, initials, avatar }) => [id, name, role, initials, avatar]))}`;
    if (fingerprint === this.#snapshot.fingerprint) return;
    this.#snapshot = await this.#load(fingerprint, authors);
    await this.prepare();
  }

  /** Moves with every save (versions only grow) and every article added or removed. */
  async #fingerprint(): Promise<string> {
    const row = await this.#db
      .selectFrom("articles")
      .select([sql<number>`count(*)`.as("count"), sql<number>`coalesce(sum(version), 0)`.as("versions")])
      .executeTakeFirstOrThrow();
    return `${row.count}:${row.versions}`;
  }

  async #load(fingerprint: string, authors: readonly TeamMember[]): Promise<Snapshot> {
    const rows = await this.#db
      .selectFrom("articles")
      .selectAll()
      .where("status", "in", ["published", "scheduled"])
      .orderBy("published_at", "desc")
      .orderBy("id", "desc")
      .execute();
    const html = new Map<string, string>();
    const articles: LiveArticle[] = [];
    let nextScheduled: Date | null = null;
    for (const row of rows) {
      if (row.status === "scheduled") {
        const at = new Date(row.publish_at!);
        if (!nextScheduled || at < nextScheduled) nextScheduled = at;
        continue;
      }
      // The Markdown is rendered once per version, not at every reload.
      const key = `${row.id}:${row.version}`;
      const body = this.#html.get(key) ?? renderMarkdown(row.body);
      html.set(key, body);
      articles.push(articlePageOf(row, new Date(row.published_at!), body, authors));
    }
    this.#html = html;
    const bySlug = new Map(articles.map((article) => [article.slug, article]));
    const redirectRows = await this.#db
      .selectFrom("article_redirects")
      .innerJoin("articles", "articles.id", "article_redirects.article_id")
      .select(["article_redirects.old_slug", "articles.slug"])
      .where("articles.status", "=", "published")
      .execute();
    const redirects = new Map(redirectRows.filter((r) => !bySlug.has(r.old_slug)).map((r) => [r.old_slug, r.slug]));
    const summaries = articles.map(
      ({ html: _html, id: _id, version: _version, seoDescription: _description, authorAvatar: _avatar, ...summary }) => summary,
    );
    return { fingerprint, articles, summaries, bySlug, redirects, nextScheduled };
  }
}
