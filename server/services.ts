import { createContext, type RouterContextProvider } from "react-router";
import type { AdminServices } from "#server/admin/services.ts";
import type { BookingServices } from "#server/booking/services.ts";
import type { Captcha } from "#server/captcha/index.ts";
import type { ClientAddress } from "#server/client-address.ts";
import type { SiteSecrets } from "#server/captcha/keys.ts";
import type { DatabaseHandle } from "#server/db/connect.ts";
import type { Store } from "#server/db/store.ts";
import type { Env } from "#server/env.ts";
import type { Newsletter } from "#server/newsletter/subscribers.ts";
import type { OutboxWorker } from "#server/outbox/worker.ts";

/** What every form needs: the settings, the database and its store, the bot check and the outbox worker. */
export interface CoreServices {
  settings: Env;
  database: DatabaseHandle;
  store: Store;
  captcha: Captcha;
  secrets: SiteSecrets;
  worker: OutboxWorker;
}

/**
 * Everything the site's loaders and actions use, built once at start
 * (server/start.ts) and handed to them through React Router's context, as
 * the React Router templates do: each feature adds what it keeps of its own.
 */
export interface SiteServices extends CoreServices {
  booking: BookingServices;
  admin: AdminServices;
  newsletter: Newsletter;
}

export const servicesContext = createContext<SiteServices>();

/** The visitor's address and what rate limits count it as (server/client-address.ts), set per request beside the services. */
export const clientAddressContext = createContext<ClientAddress>({ address: "unknown", rateLimitSubject: "unknown" });

/** The services of a loader's or action's context. */
export function servicesOf(context: Readonly<RouterContextProvider>): SiteServices {
  return context.get(servicesContext);
}
