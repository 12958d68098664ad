import { describe, expect, it } from "vitest";
import { pricingChangesAfter, pricingShownAt, specPricing } from "#app/content/pricing.ts";
import { REMOVE } from "#app/content/field-map.ts";
import { addOnName, pricingValuesOf, readPricingPost, summaryName, tierName } from "#app/content/pricing-form.ts";
import { parsePricing } from "#server/site-content/schema.ts";

/**
 * The pricing editor's form (docs/decisions/0052): SPEC.md's pricing reads
 * back unchanged, and an edit that would break a page is refused with a
 * message on its field while everything typed is kept.
 */

const posted = (changes: Record<string, string> = {}) => ({ ...pricingValuesOf(specPricing), ...changes });
// Google Ads is the first group; Growth its second tier.
const growthPrice = tierName(0, 1, "price");

describe("the pricing form", () => {
  it("reads SPEC.md's pricing back as it was, and the stored document as pricing", () => {
    const read = readPricingPost(posted(), specPricing);
    expect(read.ok && read.content).toEqual(JSON.parse(JSON.stringify(specPricing)));
    expect(parsePricing(JSON.stringify(specPricing))).toEqual(JSON.parse(JSON.stringify(specPricing)));
    expect(parsePricing('{"groups": []}')).toBeNull();
  });

  it("takes a new Growth price, a removed tier and a new add-on", () => {
    const read = readPricingPost(
      posted({
        [growthPrice]: "R3,900-6,900",
        [tierName(0, 2, REMOVE)]: "on",
        [addOnName(specPricing.addOns.length, "service")]: "Email marketing",
        [addOnName(specPricing.addOns.length, "description")]: "Monthly campaigns to your list.",
        [addOnName(specPricing.addOns.length, "price")]: "R2,500/month",
        [addOnName(specPricing.addOns.length, "serviceSlug")]: "strategy",
      }),
      specPricing,
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.content.groups[0]!.tiers.map((tier) => [tier.name, tier.price])).toEqual([
      ["Starter", "R1,500-3,200"],
      ["Growth", "R3,900-6,900"],
    ]);
    expect(read.content.addOns.at(-1)).toEqual({
      service: "Email marketing",
      description: "Monthly campaigns to your list.",
      price: "R2,500/month",
      serviceSlug: "strategy",
    });
  });

  it("refuses what would break a page, a message on each field, and keeps what was typed", () => {
    const typed = {
      [tierName(0, 0, "name")]: "",
      [growthPrice]: "R6,000-3,250",
      [tierName(0, 2, "name")]: "growth",
      [tierName(1, 0, "adSpend")]: "R12,400-6,500",
      [tierName(1, 1, "features")]: "",
      [summaryName(2)]: "x".repeat(200),
      [addOnName(1, "service")]: "B2B social ads",
      [addOnName(2, "price")]: "ask us",
    };
    const read = readPricingPost(posted(typed), specPricing);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors).toEqual({
      [tierName(0, 0, "name")]: "Give the tier name.",
      [growthPrice]: "The price runs the wrong way round: put the lower amount first.",
      [tierName(0, 2, "name")]: "Another tier of Google Ads Management is already called growth: each tier needs its own name.",
      [tierName(1, 0, "adSpend")]: "The ad spend runs the wrong way round: put the lower amount first.",
      [tierName(1, 1, "features")]: "Give at least one feature, one a line.",
      [summaryName(2)]: "Summary is 200 characters: keep it to 160, as the page's card holds.",
      [addOnName(1, "service")]: "Another add-on is already called B2B social ads.",
      [addOnName(2, "price")]: "Give the price in rand, e.g. R4,000/month.",
    });
    for (const [name, value] of Object.entries(typed)) expect(read.values[name]).toBe(value);
  });

  it("refuses a service left without tiers", () => {
    const removeAll = Object.fromEntries(specPricing.groups[3]!.tiers.map((_, t) => [tierName(3, t, REMOVE), "on"]));
    const read = readPricingPost(posted(removeAll), specPricing);
    expect(!read.ok && read.errors[tierName(3, 0, "name")]).toBe(
      "Funnel & CRO Optimization needs at least one tier: its page and the order wizard offer them.",
    );
  });
});

describe("an add-on scheduled to show later", () => {
  const added = specPricing.addOns.length;
  const scheduled = (showsFrom: string) =>
    readPricingPost(
      posted({
        [addOnName(added, "service")]: "Email marketing",
        [addOnName(added, "description")]: "Monthly campaigns to your list.",
        [addOnName(added, "price")]: "R2,500/month",
        [addOnName(added, "serviceSlug")]: "strategy",
        [addOnName(added, "showsFrom")]: showsFrom,
      }),
      specPricing,
    );

  it("reads its time as SAST, shows it again as typed, and is left off the pages until then", () => {
    const read = scheduled("2026-12-01 09:00");
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const addOn = read.content.addOns[added]!;
    expect(addOn.showsFrom).toBe("2026-12-01T07:00:00.000Z");
    expect(pricingValuesOf(read.content)[addOnName(added, "showsFrom")]).toBe("2026-12-01 09:00");
    expect(parsePricing(JSON.stringify(read.content))).toEqual(read.content);
    const before = Date.parse("2026-12-01T06:59:59Z");
    expect(pricingShownAt(read.content, before).addOns).toEqual(specPricing.addOns);
    expect(pricingChangesAfter(read.content, before)).toBe(Date.parse(addOn.showsFrom!));
    expect(pricingShownAt(read.content, before + 1000).addOns).toContainEqual(addOn);
    expect(pricingChangesAfter(read.content, before + 1000)).toBeUndefined();
    // Seconds, for a time near at hand.
    const near = scheduled("2026-12-01 09:00:30");
    expect(near.ok && near.content.addOns[added]!.showsFrom).toBe("2026-12-01T07:00:30.000Z");
    expect(near.ok && pricingValuesOf(near.content)[addOnName(added, "showsFrom")]).toBe("2026-12-01 09:00:30");
  });

  it("refuses a time it cannot read, keeping what was typed", () => {
    const read = scheduled("1 December, 9am");
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors).toEqual({
      [addOnName(added, "showsFrom")]: "Give the time as a date and a 24-hour time, e.g. 2026-12-01 09:00 (SAST), or leave it blank.",
    });
    expect(read.values[addOnName(added, "showsFrom")]).toBe("1 December, 9am");
  });
});
