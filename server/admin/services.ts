import type { Kysely } from "kysely";
import type { Dialect } from "#server/db/dialect.ts";
import type { RateLimits } from "#server/rate-limits.ts";
import type { Env } from "#server/env.ts";
import type { OutboxWorker } from "#server/outbox/worker.ts";
import type { CoreServices } from "#server/core-services.ts";
import { type MailFiles, mailFilesOfSite } from "#server/outbox/mail-files.ts";
import type { Database } from "#server/db/schema.ts";
import { type CookieNames, cookieNames } from "#server/admin/sessions.ts";

export interface AdminServices {
  db: Kysely<Database>;
  dialect: Dialect;
  rateLimits: RateLimits;
  settings: Env;
  worker: OutboxWorker;
  /** So the audit log holds no address. */
  forgetKey: Buffer;
  purgeDeleted(tables: readonly string[]): Promise<void>;
  totpKey: Buffer;
  mail: MailFiles;
  /** Cookies are then Secure and __Host- named. */
  secure: boolean;
  cookies: CookieNames;
}

/** The inbox's view of the core services, with the key of its own. */
export function adminServices(core: CoreServices): AdminServices {
  const { database, rateLimits, settings, worker } = core;
  const secure = settings.SITE_URL.startsWith("https://");
  return {
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
