import { type Kysely, sql } from "kysely";
import { type PricingContent, specPricing, tierNamesOf } from "#app/content/pricing.ts";
import { offerTiers } from "#app/forms/options.ts";
import { sastDay } from "#app/lib/sast.ts";
import type { Database } from "#server/db/schema.ts";
import { log } from "#server/log.ts";
import { parsePricing } from "#server/site-content/schema.ts";
import { seedContent } from "#server/site-content/store.ts";

/**
 * What a kind of live content offers the publishing path (server/publishing/,
 * after the merge): `refresh()` reads the records when they changed and
 * prepares the pages that show them; `prepare()` prepares those pages again
 * from what is held. Modelled on LiveArticles (server/articles/live.ts).
 */
export interface LiveContentKind {
  refresh(): Promise<void>;
  prepare(): Promise<void>;
}

type Preparer = (pricing: PricingContent) => Promise<void>;

/**
 * The site content readers see, held in memory by every instance
 * (docs/decisions/0052): /pricing, the service pages and /get-started read
 * this, never the database per request. Each instance asks the table for a
 * fingerprint every `pollMs` (the sum of versions, which every save moves) and
 * reloads when it changes, so a save on one instance is live on all within a
 * poll; a save on this one refreshes (and prepares its pages) before it returns.
 */
export class LiveSiteContent implements LiveContentKind {
  #fingerprint = "";
  #pricing: PricingContent = specPricing;
  #pricingChangedOn: string | undefined;
  #preparers: Preparer[] = [];
  #queued: Promise<void> | undefined;
  #latest: Promise<void> = Promise.resolve();
  #polling: Promise<void> | undefined;
  #stopped = false;
  #wake: (go: boolean) => void = () => undefined;
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  pricing(): PricingContent {
    return this.#pricing;
  }

  /** The day (SAST) the agency last changed the pricing; none while it is SPEC.md's first version. */
  pricingChangedOn(): string | undefined {
    return this.#pricingChangedOn;
  }

  /** Called with the content after each change, and by `prepare()`: the prepared pages follow it. */
  prepareWith(preparer: Preparer): void {
    this.#preparers.push(preparer);
  }

  async prepare(): Promise<void> {
    for (const preparer of this.#preparers) await preparer(this.#pricing);
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

  /** Writes SPEC.md's content where the records have none, then looks now and every `pollMs` until stopped. */
  async start(pollMs: number): Promise<void> {
    await seedContent(this.#db, "pricing", JSON.stringify(specPricing));
    await this.refresh();
    this.#polling = (async () => {
      for (;;) {
        // A stop during a look finds no wait to wake: the flag ends the loop after that look.
        const go = await new Promise<boolean>((resolve) => {
          if (this.#stopped) return resolve(false);
          this.#wake = resolve;
          setTimeout(resolve, pollMs, true).unref();
        });
        if (!go) return;
        await this.refresh().catch((error: unknown) =>
          log.warn(`Site content: could not read it (${String(error)}); readers see the last read`),
        );
      }
    })();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#wake(false);
    await this.#polling;
    await this.#latest.catch(() => undefined);
  }

  async #look(): Promise<void> {
    const row = await this.#db
      .selectFrom("site_content")
      .select([sql<number>`count(*)`.as("count"), sql<number>`coalesce(sum(version), 0)`.as("versions")])
      .executeTakeFirstOrThrow();
    const fingerprint = `${row.count}:${row.versions}`;
    if (fingerprint === this.#fingerprint) return;
    const stored = await this.#db
      .selectFrom("site_content")
      .select(["document", "version", "updated_at"])
      .where("kind", "=", "pricing")
      .executeTakeFirst();
    const pricing = stored && parsePricing(stored.document);
    if (stored && !pricing) log.error("Site content: the stored pricing does not read as pricing; the pages keep the last good one");
    this.#fingerprint = fingerprint;
    if (pricing) {
      this.#pricing = pricing;
      this.#pricingChangedOn = stored.version > 1 ? sastDay(new Date(stored.updated_at)) : undefined;
      offerTiers(tierNamesOf(pricing));
    }
    await this.prepare();
  }
}
