import { createHmac } from "node:crypto";
import path from "node:path";
import type { Kysely } from "kysely";
import { loadMasterKey } from "../captcha/keys.ts";
import { MAIL_DIR } from "../data-dir.ts";
import type { Dialect } from "../db/dialect.ts";
import type { Store } from "../db/store.ts";
import type { Env } from "../env.ts";
import { type LeadServices, leadServices } from "../leads/services.ts";
import type { OutboxWorker } from "../outbox/worker.ts";
import type { MailFiles } from "./forget.ts";
import type { AdminDatabase } from "./schema.ts";

/** What the inbox's pages need: the lead pipeline's database, limiter and worker, and its own secret. */
export interface AdminServices {
  db: Kysely<AdminDatabase>;
  dialect: Dialect;
  store: Store;
  settings: Env;
  worker: OutboxWorker;
  /** Keys the hash of a forgotten email in the audit log, so the log holds no address. */
  forgetKey: Buffer;
  /** Where the .eml notifications are written when there is no SMTP server. */
  mail: MailFiles;
}

const built = new WeakMap<LeadServices, AdminServices>();

/** Built once from the running lead pipeline (createApp starts it). */
export function adminServices(): AdminServices {
  const lead = leadServices();
  let services = built.get(lead);
  if (!services) {
    services = {
      db: lead.database.db as unknown as Kysely<AdminDatabase>,
      dialect: lead.database.dialect,
      store: lead.store,
      settings: lead.settings,
      worker: lead.worker,
      forgetKey: createHmac("sha256", loadMasterKey(lead.settings)).update("admin-forget-email").digest(),
      mail: { dir: path.join(lead.settings.DATA_DIR, MAIL_DIR), host: new URL(lead.settings.SITE_URL).hostname },
    };
    built.set(lead, services);
  }
  return services;
}
