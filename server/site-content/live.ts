import { type Kysely, sql } from "kysely";
import { type PricingContent, specPricing } from "#app/content/pricing.ts";
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
  #preparers: Preparer[] = [];
  #running: Promise<void> | undefined;
  #again = false;
  #timer: NodeJS.Timeout | undefined;
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  pricing(): PricingContent {
    return this.#pricing;
  }

  /** Called with the content after each change, and by `prepare()`: the prepared pages follow it. */
  prepareWith(preparer: Preparer): void {
    this.#preparers.push(preparer);
  }

  async prepare(): Promise<void> {
    for (const preparer of this.#preparers) await preparer(this.#pricing);
  }

  /** One refresh at a time; a call during one waits for it and then looks again. */
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

  /** Writes SPEC.md's content where the records have none, then refreshes now and every `pollMs`. */
  async start(pollMs: number): Promise<void> {
    await seedContent(this.#db, "pricing", JSON.stringify(specPricing));
    await this.refresh();
    const tick = () => {
      this.refresh()
        .catch((error: unknown) => log.warn(`Site content: could not read it (${String(error)}); readers see the last read`))
        .finally(() => {
          if (this.#timer) this.#timer = setTimeout(tick, pollMs).unref();
        });
    };
    this.#timer = setTimeout(tick, pollMs).unref();
  }

  async stop(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#running;
  }

  async #look(): Promise<void> {
    const row = await this.#db
      .selectFrom("site_content")
      .select([sql<number>`count(*)`.as("count"), sql<number>`coalesce(sum(version), 0)`.as("versions")])
      .executeTakeFirstOrThrow();
    const fingerprint = `${row.count}:${row.versions}`;
    if (fingerprint === this.#fingerprint) return;
    const stored = await this.#db.selectFrom("site_content").select("document").where("kind", "=", "pricing").executeTakeFirst();
    const pricing = stored && parsePricing(stored.document);
    if (stored && !pricing) log.error("Site content: the stored pricing does not read as pricing; the pages keep the last good one");
    this.#fingerprint = fingerprint;
    if (pricing) this.#pricing = pricing;
    await this.prepare();
  }
}
