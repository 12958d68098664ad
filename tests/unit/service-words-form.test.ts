import { describe, expect, it } from "vitest";
import {
  cardName,
  metricName,
  readServiceWordsPost,
  resultName,
  serviceHasErrors,
  serviceWordsValuesOf,
  stepName,
  wordsName,
} from "#app/content/service-words-form.ts";
import { serviceCardsOf, specServiceWords } from "#app/content/service-words.ts";
import { serviceCards } from "#app/content/services.ts";
import { parseServiceWords } from "#server/site-content/schema.ts";

/**
 * The service pages editor's form (decision 0052): SPEC.md's words read back unchanged; a page keeps
 * SPEC.md's layout (eight included items, four results and steps, the metrics that quote a figure); an
 * empty or over-long text is refused beside its field, with what was typed kept.
 */

const posted = (changes: Record<string, string> = {}) => ({ ...serviceWordsValuesOf(specServiceWords), ...changes });

describe("the service pages form", () => {
  it("reads SPEC.md's words back as they are, a document the server takes, the cards in SPEC.md's order", () => {
    const read = readServiceWordsPost(posted(), specServiceWords);
    expect(read).toMatchObject({ ok: true, content: specServiceWords });
    if (!read.ok) return;
    expect(parseServiceWords(JSON.stringify(read.content))).toEqual(specServiceWords);
    expect(serviceCardsOf(read.content)).toEqual(serviceCards);
  });

  it("takes new words, a new 'starting at' price and a figure's label of the page's own", () => {
    const read = readServiceWordsPost(
      posted({
        [wordsName("google-ads", "title")]: "Google Ads Built Around Your Margins",
        [cardName("meta-ads", "pricingFrom")]: "Starting at $2,200/month",
        [metricName("meta-ads", 3, "label")]: "Brands grown",
        [stepName("strategy", 1, "title")]: "Benchmark",
      }),
      specServiceWords,
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.content.pages["google-ads"].title).toBe("Google Ads Built Around Your Margins");
    expect(read.content.cards["meta-ads"]?.pricingFrom).toBe("Starting at $2,200/month");
    expect(read.content.pages["meta-ads"].metrics[3]).toEqual({ figure: "clients", label: "Brands grown" });
    expect(read.content.pages.strategy.process[1]).toEqual({ ...specServiceWords.pages.strategy.process[1], title: "Benchmark" });
    // A figure's label left blank is the figure's own: no label of the page's.
    const blank = readServiceWordsPost(posted({ [metricName("meta-ads", 3, "label")]: "" }), specServiceWords);
    expect(blank.ok && blank.content.pages["meta-ads"].metrics[3]).toEqual({ figure: "clients" });
  });

  it("refuses what would break a page's layout, beside each field, keeping what was typed", () => {
    const included = specServiceWords.pages["linkedin-ads"].included.slice(0, 7).join("\n");
    const read = readServiceWordsPost(
      posted({
        [wordsName("google-ads", "title")]: " ",
        [wordsName("linkedin-ads", "included")]: included,
        [resultName("analytics", 2, "value")]: "Ninety-five percent",
        [cardName("funnel-cro", "features")]: "Conversion audits",
        [cardName("strategy", "pricingFrom")]: "",
      }),
      specServiceWords,
    );
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors).toEqual({
      [wordsName("google-ads", "title")]: "Give the title.",
      [wordsName("linkedin-ads", "included")]: "Give 8 items, one a line: the page shows 8, and this has 7.",
      [resultName("analytics", 2, "value")]: "Change is 19 characters: keep it to 12, as the page's card holds.",
      [cardName("funnel-cro", "features")]: "Give 2 to 6 features, one a line: this has 1.",
      [cardName("strategy", "pricingFrom")]: "Give the starting-at price.",
    });
    expect(read.values[wordsName("linkedin-ads", "included")]).toBe(included);
    expect(read.values[resultName("analytics", 2, "value")]).toBe("Ninety-five percent");
    // Their services' parts of the form open; the others stay closed.
    expect(serviceHasErrors("linkedin-ads", read.errors)).toBe(true);
    expect(serviceHasErrors("meta-ads", read.errors)).toBe(false);
  });

  it("keeps the layout whatever is posted: a figure stays quoted, and a service without a card gets none", () => {
    const read = readServiceWordsPost(
      posted({ [metricName("google-ads", 3, "value")]: "R1", [cardName("seo-content", "title")]: "SEO that compounds" }),
      specServiceWords,
    );
    expect(read.ok && read.content.pages["google-ads"].metrics[3]).toEqual({ figure: "adSpend" });
    expect(read.ok && read.content.cards["seo-content"]).toBeUndefined();
  });
});
