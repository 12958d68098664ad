import { type Kysely, sql } from "kysely";
import { sastDay } from "#app/lib/sast.ts";
import type { Database } from "#server/db/schema.ts";
import { log } from "#server/log.ts";
import type { PublishedKind } from "#server/publishing/service.ts";
import { type ContentKind, contentKindNames, contentKinds, type SiteContent } from "#server/site-content/kinds.ts";
import { seedContent } from "#server/site-content/store.ts";

type Preparer<K extends ContentKind> = (content: SiteContent[K]) => Promise<void>;

/**
 * The site content readers see, held in memory by every instance
 * (docs/decisions/0052): /pricing, the service pages, the home page and the
 * form pages read this, never the database per request. Each instance asks the
 * table for a fingerprint at each poll of the publishing service (server/publishing/: the
 * sum of versions, which every save moves) and reloads the kinds whose version moved, so a
 * save on one instance is live on all within a poll; a save on this one,
 * published through that service, refreshes (and prepares its pages) before it returns.
 */
export class LiveSiteContent implements PublishedKind {
  readonly name = "site content";
  #fingerprint = "";
  #content = Object.fromEntries(contentKindNames.map((kind) => [kind, contentKinds[kind].spec])) as unknown as SiteContent;
  readonly #versions = new Map<ContentKind, number>();
  readonly #changedOn = new Map<ContentKind, string>();
  readonly #preparers = new Map<ContentKind, Array<Preparer<ContentKind>>>();
  #queued: Promise<void> | undefined;
  #latest: Promise<void> = Promise.resolve();
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  content<K extends ContentKind>(kind: K): SiteContent[K] {
    return this.#content[kind];
  }

  /** The day (SAST) the agency last changed `kind`; none while it is SPEC.md's first version. */
  changedOn(kind: ContentKind): string | undefined {
    return this.#changedOn.get(kind);
  }

  /** Called with `kind`'s content after each change of it, and by `prepare()`: the prepared files follow it. */
  prepareWith<K extends ContentKind>(kind: K, preparer: Preparer<K>): void {
    this.#preparers.set(kind, [...(this.#preparers.get(kind) ?? []), preparer as Preparer<ContentKind>]);
  }

  async prepare(kinds: Iterable<ContentKind> = contentKindNames): Promise<void> {
    for (const kind of kinds) for (const preparer of this.#preparers.get(kind) ?? []) await preparer(this.#content[kind]);
  }

  /** Looks at the records once more after any look under way: a save's refresh sees the save. */
  refresh(): Promise<void> {
    this.#queued ??= this.#latest
      .catch(() => undefined)
      .then(() => {
        this.#queued = undefined;
        return this.#look();
      });
    this.#latest = this.#queued;
    return this.#queued;
  }

  /** Writes SPEC.md's content where the records have none (the first start). */
  async seed(): Promise<void> {
    for (const kind of contentKindNames) await seedContent(this.#db, kind, JSON.stringify(contentKinds[kind].spec));
  }

  async #look(): Promise<void> {
    const row = await this.#db
      .selectFrom("site_content")
      .select([sql<number>`count(*)`.as("count"), sql<number>`coalesce(sum(version), 0)`.as("versions")])
      .executeTakeFirstOrThrow();
    const fingerprint = `${row.count}:${row.versions}`;
    if (fingerprint === this.#fingerprint) return;
    const stored = await this.#db.selectFrom("site_content").select(["kind", "document", "version", "updated_at"]).execute();
    this.#fingerprint = fingerprint;
    const changed: ContentKind[] = [];
    for (const record of stored) {
      const kind = contentKindNames.find((name) => name === record.kind);
      if (!kind || this.#versions.get(kind) === record.version) continue;
      this.#versions.set(kind, record.version);
      if (!this.#take(kind, record.document)) {
        log.error(`Site content: the stored ${kind} does not read as ${kind}; the pages keep the last good one`);
        continue;
      }
      if (record.version > 1) this.#changedOn.set(kind, sastDay(new Date(record.updated_at)));
      else this.#changedOn.delete(kind);
      changed.push(kind);
    }
    await this.prepare(changed);
  }

  #take<K extends ContentKind>(kind: K, document: string): boolean {
    const rules = contentKinds[kind];
    const content = rules.parse(document);
    if (!content) return false;
    this.#content[kind] = content;
    rules.follow?.(content);
    return true;
  }
}
