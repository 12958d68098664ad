import { type Kysely, sql } from "kysely";
import { type PricingContent, specPricing, tierNamesOf } from "#app/content/pricing.ts";
import { offerTiers } from "#app/forms/options.ts";
import { sastDay } from "#app/lib/sast.ts";
import type { Database } from "#server/db/schema.ts";
import { log } from "#server/log.ts";
import type { PublishedKind } from "#server/publishing/service.ts";
import { parsePricing } from "#server/site-content/schema.ts";
import { seedContent } from "#server/site-content/store.ts";

type Preparer = (pricing: PricingContent) => Promise<void>;

/**
 * The site content readers see, held in memory by every instance
 * (docs/decisions/0052): /pricing, the service pages and /get-started read
 * this, never the database per request. Each instance asks the table for a
 * fingerprint at each poll of the publishing service (server/publishing/: the
 * sum of versions, which every save moves) and reloads when it changes, so a
 * save on one instance is live on all within a poll; a save on this one,
 * published through that service, refreshes (and prepares its pages) before it returns.
 */
export class LiveSiteContent implements PublishedKind {
  readonly name = "site content";
  #fingerprint = "";
  #pricing: PricingContent = specPricing;
  #pricingChangedOn: string | undefined;
  #preparers: Preparer[] = [];
  #queued: Promise<void> | undefined;
  #latest: Promise<void> = Promise.resolve();
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

  /** Writes SPEC.md's content where the records have none (the first start). */
  seed(): Promise<void> {
    return seedContent(this.#db, "pricing", JSON.stringify(specPricing));
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
