import type { RouterContextProvider } from "react-router";
import { type PricingContent, specPricing } from "#app/content/pricing.ts";
import { servicesContext } from "#server/services.ts";

/**
 * The live pricing, for a loader. The build prerenders /pricing and the
 * service pages without the server's services: there it is SPEC.md's, what a
 * new site starts with; the server prepares them again from the records.
 */
export function pricingOf(context: Readonly<RouterContextProvider>): PricingContent {
  try {
    return context.get(servicesContext).siteContent.pricing();
  } catch {
    return specPricing;
  }
}
