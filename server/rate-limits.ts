import { sql } from "kysely";
import type { DatabaseHandle } from "#server/db/connect.ts";

export interface RateLimitRule {
  max: number;
  windowMinutes: number;
}

export interface RateLimitHit {
  allowed: boolean;
  /** Until the window closes; 0 when allowed. */
  retryAfterMs: number;
  /** Attempts counted in this window, this one included. */
  count: number;
}

/** How long rate-limit rows outlive their window before the sweep removes them. */
const RATE_LIMIT_ROW_TTL_MS = 24 * 60 * 60 * 1000;

/** Counts attempts per key and subject in the database, so every instance counts the same (decision 0027). */
export class RateLimits {
  readonly #handle: DatabaseHandle;

  constructor(handle: DatabaseHandle) {
    this.#handle = handle;
  }

  /**
   * Counts one attempt for this key and subject in a fixed window that the
   * first attempt opens, in one atomic upsert (safe across instances). The
   * subject is what is limited: a visitor's ClientAddress.rateLimitSubject
   * (server/http/client-address.ts), or an account or a booking.
   */
  async hit(key: string, subject: string, rule: RateLimitRule, now = new Date()): Promise<RateLimitHit> {
    const windowMs = rule.windowMinutes * 60_000;
    const expired = new Date(now.getTime() - windowMs);
    const row = await this.#handle.write((db) =>
      db
        .insertInto("rate_limits")
        .values({ form_key: key, client_address: subject, window_start: now, count: 1 })
        .onConflict((oc) =>
          oc.columns(["form_key", "client_address"]).doUpdateSet({
            window_start: sql`case when rate_limits.window_start <= ${expired} then excluded.window_start else rate_limits.window_start end`,
            count: sql`case when rate_limits.window_start <= ${expired} then 1 else rate_limits.count + 1 end`,
          }),
        )
        .returning(["window_start", "count"])
        .executeTakeFirstOrThrow(),
    );
    const { count } = row;
    if (count <= rule.max) return { allowed: true, retryAfterMs: 0, count };
    const closes = new Date(row.window_start).getTime() + windowMs;
    return { allowed: false, retryAfterMs: Math.max(closes - now.getTime(), 0), count };
  }

  /** Forgets the count for this key and subject; answers how many attempts it held. */
  async clear(key: string, subject: string): Promise<number> {
    const row = await this.#handle.write((db) =>
      db.deleteFrom("rate_limits").where("form_key", "=", key).where("client_address", "=", subject).returning("count").executeTakeFirst(),
    );
    return row ? Number(row.count) : 0;
  }

  /**
   * Gives back attempts that hit counted, for posts that turned out
   * to be ones a visitor makes by bad luck (a slot just taken) or that a
   * success forgives (a typo before the right password). Counting first and
   * giving back later keeps parallel posts from slipping past the limit.
   * Never below zero, so refunds cannot be saved up for later; the window is
   * the one the first attempt opened.
   */
  async refund(key: string, subject: string, attempts = 1): Promise<void> {
    if (attempts <= 0) return;
    await this.#handle.write((db) =>
      db
        .updateTable("rate_limits")
        .set({ count: sql`case when count > ${attempts} then count - ${attempts} else 0 end` })
        .where("form_key", "=", key)
        .where("client_address", "=", subject)
        .execute(),
    );
  }

  /** Forgets rate-limit windows long closed. */
  async sweep(now = new Date()): Promise<void> {
    await this.#handle.db
      .deleteFrom("rate_limits")
      .where("window_start", "<", new Date(now.getTime() - RATE_LIMIT_ROW_TTL_MS))
      .execute();
  }
}
