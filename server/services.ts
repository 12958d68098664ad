import { createContext, RouterContextProvider } from "react-router";
import type { CoreServices } from "#server/core-services.ts";
import type { LiveArticles } from "#server/articles/live.ts";
import type { AdminServices } from "#server/admin/services.ts";
import type { BookingServices } from "#server/booking/services.ts";
import type { ClientAddress } from "#server/http/client-address.ts";
import type { HeavyWork } from "#server/heavy-work/heavy-work.ts";
import type { Newsletter } from "#server/newsletter/subscribers.ts";
import type { OpsServices } from "#server/ops/services.ts";
import type { Publishing } from "#server/publishing/service.ts";
import type { LiveSiteContent } from "#server/site-content/live.ts";

/**
 * Everything the site's loaders and actions use, built once at start
 * (server/start.ts) and handed to them through React Router's context, as
 * the React Router templates do: each feature adds what it keeps of its own.
 */
export interface SiteServices extends CoreServices {
  booking: BookingServices;
  admin: AdminServices;
  newsletter: Newsletter;
  /** The articles readers see, kept current on every instance. */
  articles: LiveArticles;
  /** The site's own words the agency edits (pricing first), kept current on every instance. */
  siteContent: LiveSiteContent;
  /** The one way articles and site content are written from the inbox, and the poll that keeps them current. */
  publishing: Publishing;
  /** The watched parts and this instance, for the System page (server/ops). */
  ops: OpsServices;
  /** Image decoding and social cards, in a process of their own (docs/decisions/0044). */
  heavyWork: HeavyWork;
}

export const servicesContext = createContext<SiteServices>();

/** The visitor's address and what rate limits count it as (server/http/client-address.ts), set per request beside the services. */
export const clientAddressContext = createContext<ClientAddress>({ address: "unknown", rateLimitSubject: "unknown" });

/** A context for rendering a page outside a request (a prepared page, a preview): these services and nothing else. */
export function pageContextOf(services: SiteServices): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  return context;
}

/** The services of a loader's or action's context. */
export function servicesOf(context: Readonly<RouterContextProvider>): SiteServices {
  return context.get(servicesContext);
}
