import type { Env } from "../env.ts";
import type { Captcha } from "../captcha/index.ts";
import type { SiteSecrets } from "../captcha/keys.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import type { Store } from "../db/store.ts";
import type { OutboxWorker } from "../outbox/worker.ts";

/** What the lead pipeline needs, set up once by createApp(). */
export interface LeadServices {
  settings: Env;
  /** The open database, for other features that keep their own tables in it. */
  database: DatabaseHandle;
  store: Store;
  captcha: Captcha;
  secrets: SiteSecrets;
  worker: OutboxWorker;
}

// Kept on globalThis so a module reloaded in development still finds the services createApp() started.
const KEY = Symbol.for("roi-site.lead-services");
type Holder = { [KEY]?: LeadServices };

export function setLeadServices(services: LeadServices | undefined): void {
  (globalThis as Holder)[KEY] = services;
}

export function leadServices(): LeadServices {
  const services = (globalThis as Holder)[KEY];
  if (!services) throw new Error("The lead services are not running: createApp() starts them");
  return services;
}
