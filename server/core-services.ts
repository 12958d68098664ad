import type { SpentChallenges } from "#server/captcha/spent-challenges.ts";
import type { Captcha } from "#server/captcha/index.ts";
import type { SiteSecrets } from "#server/captcha/keys.ts";
import type { DatabaseHandle } from "#server/db/connect.ts";
import type { Env } from "#server/env.ts";
import type { LeadStore } from "#server/leads/store.ts";
import type { OutboxWorker } from "#server/outbox/worker.ts";
import type { RateLimits } from "#server/rate-limits.ts";

/** What every form needs: the settings, the database, where leads are kept, the rate limits, the bot check and the outbox worker. */
export interface CoreServices {
  settings: Env;
  database: DatabaseHandle;
  leads: LeadStore;
  rateLimits: RateLimits;
  challenges: SpentChallenges;
  captcha: Captcha;
  secrets: SiteSecrets;
  worker: OutboxWorker;
}
