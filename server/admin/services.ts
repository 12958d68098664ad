import type { Kysely } from "kysely";
import type { Dialect } from "#server/db/dialect.ts";
import type { RateLimits } from "#server/rate-limits.ts";
import type { Env } from "#server/env.ts";
import type { OutboxWorker } from "#server/outbox/worker.ts";
import type { CoreServices } from "#server/core-services.ts";
import { type MailFiles, mailFilesOfSite } from "#server/outbox/mail-files.ts";
import type { Database } from "#server/db/schema.ts";
import { type CookieNames, cookieNames } from "#server/admin/sessions.ts";

/** What the inbox's pages need: the lead pipeline's database, limiter and worker, and its own secret. */
export interface AdminServices {
  db: Kysely<Database>;
  dialect: Dialect;
  rateLimits: RateLimits;
  settings: Env;
  worker: OutboxWorker;
  /** Keys the hash of a forgotten email in the audit log, so the log holds no address. */
  forgetKey: Buffer;
  /** Leaves nothing of deleted rows in the database's files (after Forget a person). */
  purgeDeleted(tables: readonly string[]): Promise<void>;
  /** Encrypts the users' authenticator app secrets (second-factor.ts). */
  totpKey: Buffer;
  /** Where the .eml notifications are written when there is no SMTP server. */
  mail: MailFiles;
  /** Whether the site is served over https: its cookies are then Secure and __Host- named. */
  secure: boolean;
  cookies: CookieNames;
}

/** The inbox's view of the core services, with the key of its own. */
export function adminServices(core: CoreServices): AdminServices {
  const { database, rateLimits, settings, worker } = core;
  const secure = settings.SITE_URL.startsWith("https://");
  return {
    // The inbox's queries see its own tables; the database holds them (server/admin/migration.ts).
    db: database.db,
    dialect: database.dialect,
    rateLimits,
    settings,
    worker,
    forgetKey: core.secrets.adminForget,
    purgeDeleted: database.purgeDeleted,
    totpKey: core.secrets.adminTotp,
    mail: mailFilesOfSite(settings),
    secure,
    cookies: cookieNames(secure),
  };
}
