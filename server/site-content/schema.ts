import { z } from "#app/lib/zod.ts";
import type { PricingContent } from "#app/content/pricing.ts";
import { serviceOptions } from "#app/forms/options.ts";
import { serviceSlugs } from "#app/content/services.ts";

/**
 * The stored pricing document's shape, checked when it is read back
 * (server/site-content/live.ts): a document that fails keeps the pages on the
 * last good one rather than break them. What an edit may say is checked on
 * the way in (app/content/pricing-form.ts), with a message per field.
 */
const text = z.string().check(z.minLength(1));
const tier = z.object({
  name: text,
  price: text,
  adSpend: z.optional(text),
  features: z.array(text).check(z.minLength(1)),
  idealFor: z.string(),
  results: z.string(),
  popular: z.boolean(),
});
const group = z.object({
  key: z.enum(serviceOptions.map((option) => option.value) as [PricingContent["groups"][number]["key"]]),
  title: text,
  summary: z.string(),
  serviceSlug: z.enum(serviceSlugs),
  tiers: z.array(tier).check(z.minLength(1)),
});
const addOn = z.object({ service: text, description: z.string(), price: text, serviceSlug: z.enum(serviceSlugs) });

export const pricingDocument = z.object({ groups: z.array(group), addOns: z.array(addOn) });

/** The stored text as pricing content, or null when it is not. */
export function parsePricing(document: string): PricingContent | null {
  try {
    const parsed = pricingDocument.safeParse(JSON.parse(document));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
