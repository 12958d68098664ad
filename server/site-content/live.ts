import { isDeepStrictEqual } from "node:util";
import { type Kysely, sql } from "kysely";
import { sastDay } from "#app/lib/sast.ts";
import type { Database } from "#server/db/schema.ts";
import { log } from "#server/log.ts";
import type { PublishedKind } from "#server/publishing/service.ts";
import { type ContentKind, contentKindNames, contentKinds, type SiteContent } from "#server/site-content/kinds.ts";
import { seedContent } from "#server/site-content/store.ts";

type Preparer<K extends ContentKind> = (content: SiteContent[K]) => Promise<void>;

/** SPEC.md's content of `kind` as the first start stores it. */
const specDocument = (kind: ContentKind) => JSON.stringify(contentKinds[kind].spec);

/** setTimeout's longest wait; a later change is looked at again then. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;
/**
 * How long before an add-on's (or a testimonial's) time its pages are rendered as they will be, so that at
 * the time they only change places: rendering nine pages on a loaded machine took over 5 s.
 */
const PREPARE_AHEAD_MS = 30_000;

/**
 * The site content readers see, held in memory by every instance
 * (docs/decisions/0052): /pricing, the service pages, the home page and the
 * form pages read this, never the database per request. Each instance asks the
 * table for a fingerprint at each poll of the publishing service (server/publishing/: the
 * sum of versions, which every save moves) and reloads the kinds whose version moved, so a
 * save on one instance is live on all within a poll; a save on this one,
 * published through that service, refreshes (and prepares its pages) before it returns.
 * What is saved may show later (an add-on's "shows from"): each instance keeps a timer for the next
 * such moment, renders the pages as they will be a little before it (`prepareAheadWith`) and puts them in
 * place then, with no save and no poll needed.
 */
export class LiveSiteContent implements PublishedKind {
  readonly name = "site content";
  #fingerprint = "";
  readonly #stored = Object.fromEntries(contentKindNames.map((kind) => [kind, contentKinds[kind].spec])) as unknown as SiteContent;
  readonly #content = { ...this.#stored };
  readonly #timers = new Map<ContentKind, NodeJS.Timeout>();
  readonly #aheadTimers = new Map<ContentKind, NodeJS.Timeout>();
  readonly #aheadPreparers = new Map<ContentKind, Array<Preparer<ContentKind>>>();
  /** What a kind will show at its next moment, as its pages were rendered ahead: shown then, the same object. */
  readonly #upcoming = new Map<ContentKind, { stored: unknown; content: unknown; at: number }>();
  readonly #versions = new Map<ContentKind, number>();
  readonly #changedOn = new Map<ContentKind, string>();
  readonly #preparers = new Map<ContentKind, Array<Preparer<ContentKind>>>();
  /** The kinds whose saved document is SPEC.md's, word for word: the build prerendered their pages as they are. */
  readonly #asBuilt = new Set<ContentKind>();
  #queued: Promise<void> | undefined;
  #latest: Promise<void> = Promise.resolve();
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** What the pages show now. */
  content<K extends ContentKind>(kind: K): SiteContent[K] {
    return this.#content[kind];
  }

  /** What was saved, with what shows only later: the editor's. */
  stored<K extends ContentKind>(kind: K): SiteContent[K] {
    return this.#stored[kind];
  }

  /** The day (SAST) the agency last changed `kind`; none while it is SPEC.md's first version. */
  changedOn(kind: ContentKind): string | undefined {
    return this.#changedOn.get(kind);
  }

  /** Called with `kind`'s content after each change of it, and by `prepare()`: the prepared files follow it. */
  prepareWith<K extends ContentKind>(kind: K, preparer: Preparer<K>): void {
    this.#preparers.set(kind, [...(this.#preparers.get(kind) ?? []), preparer as Preparer<ContentKind>]);
  }

  /** Called with what `kind` will show at its next moment, a little before it: its pages rendered ahead. */
  prepareAheadWith<K extends ContentKind>(kind: K, preparer: Preparer<K>): void {
    this.#aheadPreparers.set(kind, [...(this.#aheadPreparers.get(kind) ?? []), preparer as Preparer<ContentKind>]);
  }

  /**
   * The kinds whose pages the build's prerendered files do not show as saved: what a start prepares.
   * Before the first look at the records, every kind.
   */
  changedSinceBuild(): ContentKind[] {
    return contentKindNames.filter((kind) => !this.#asBuilt.has(kind));
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
    for (const kind of contentKindNames) await seedContent(this.#db, kind, specDocument(kind));
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
      if (record.document === specDocument(kind)) this.#asBuilt.add(kind);
      else this.#asBuilt.delete(kind);
      if (record.version > 1) this.#changedOn.set(kind, sastDay(new Date(record.updated_at)));
      else this.#changedOn.delete(kind);
      changed.push(kind);
    }
    await this.prepare(changed);
    // What was rendered ahead showed the others as they were (a service page shows the pricing and a case
    // study): rendered again with them as they are now.
    if (!changed.length) return;
    for (const [kind, upcoming] of this.#upcoming)
      if (!changed.includes(kind) && upcoming.at > Date.now())
        void this.#prepareAhead(kind, upcoming.stored as SiteContent[typeof kind], upcoming.at);
  }

  #take<K extends ContentKind>(kind: K, document: string): boolean {
    const content = contentKinds[kind].parse(document);
    if (!content) return false;
    this.#stored[kind] = content;
    this.#show(kind);
    return true;
  }

  /** Shows what of `kind` is due now, and keeps a timer for the next moment that changes. */
  #show<K extends ContentKind>(kind: K): void {
    const rules: (typeof contentKinds)[K] = contentKinds[kind];
    const now = Date.now();
    const stored = this.#stored[kind];
    const shown = rules.shownAt?.(stored, now) ?? stored;
    // The object the pages were rendered ahead for, when it is what shows now.
    const upcoming = this.#upcoming.get(kind);
    this.#upcoming.delete(kind);
    this.#content[kind] =
      upcoming?.stored === stored && isDeepStrictEqual(upcoming.content, shown) ? (upcoming.content as typeof shown) : shown;
    rules.follow?.(this.#content[kind]);
    clearTimeout(this.#timers.get(kind));
    clearTimeout(this.#aheadTimers.get(kind));
    const next = rules.changesAfter?.(stored, now);
    if (next === undefined) return;
    const reveal = () => {
      this.#latest = this.#latest.catch(() => undefined).then(() => this.#reveal(kind));
    };
    this.#timers.set(kind, setTimeout(reveal, Math.min(next - now, LONGEST_TIMER_MS)).unref());
    const ahead = () => void this.#prepareAhead(kind, stored, next);
    this.#aheadTimers.set(kind, setTimeout(ahead, Math.min(Math.max(0, next - PREPARE_AHEAD_MS - now), LONGEST_TIMER_MS)).unref());
  }

  async #prepareAhead<K extends ContentKind>(kind: K, stored: SiteContent[K], at: number): Promise<void> {
    const content = contentKinds[kind].shownAt?.(stored, at) ?? stored;
    this.#upcoming.set(kind, { stored, content, at });
    for (const preparer of this.#aheadPreparers.get(kind) ?? [])
      await preparer(content).catch((error: unknown) => log.error(`Site content: could not render ahead the ${kind} due later:`, error));
  }

  async #reveal(kind: ContentKind): Promise<void> {
    const before = this.#content[kind];
    this.#show(kind);
    if (this.#content[kind] === before) return;
    this.#changedOn.set(kind, sastDay(new Date()));
    await this.prepare([kind]).catch((error: unknown) => log.error(`Site content: could not prepare the ${kind} that is due now:`, error));
  }
}
