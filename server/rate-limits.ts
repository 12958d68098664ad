import { sql } from "kysely";
import type { DatabaseHandle } from "#server/db/connect.ts";

export interface RateLimitRule {
  max: number;
  windowMinutes: number;
}

export interface RateLimitHit {
  allowed: boolean;
  retryAfterMs: number;
  count: number;
}

const RATE_LIMIT_ROW_TTL_MS = 24 * 60 * 60 * 1000;

/** Counts attempts per key and subject in the database, so every instance counts the same (decision 0027). */
export class RateLimits {
  readonly #handle: DatabaseHandle;

  constructor(handle: DatabaseHandle) {
    this.#handle = handle;
  }

  /** One atomic upsert, safe across instances. */
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

  async clear(key: string, subject: string): Promise<number> {
    const row = await this.#handle.write((db) =>
      db.deleteFrom("rate_limits").where("form_key", "=", key).where("client_address", "=", subject).returning("count").executeTakeFirst(),
    );
    return row ? Number(row.count) : 0;
  }

  /** Counting first and giving back later keeps parallel posts from slipping past; never below zero, so refunds cannot be saved up. */
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

  async sweep(now = new Date()): Promise<void> {
    await this.#handle.db
      .deleteFrom("rate_limits")
      .where("window_start", "<", new Date(now.getTime() - RATE_LIMIT_ROW_TTL_MS))
      .execute();
  }
}
