import { describe, expect, it } from "vitest";
import { figureName, figuresValuesOf, readFiguresPost } from "#app/content/figures-form.ts";
import { figureDescriptions } from "#app/content/page-meta.ts";
import { specFigures } from "#app/content/stats.ts";
import { parseFigures } from "#server/site-content/schema.ts";

/**
 * The figures editor's form (decision 0052): SPEC.md's figures read back unchanged; an empty figure or
 * label, one too long for its card, and one that would push a page's description past what search
 * results show are refused beside the field, with what was typed kept.
 */

const posted = (changes: Record<string, string> = {}) => ({ ...figuresValuesOf(specFigures), ...changes });

describe("the figures form", () => {
  it("reads SPEC.md's figures back as they are, a document the server takes", () => {
    const read = readFiguresPost(posted(), specFigures);
    expect(read).toMatchObject({ ok: true, content: specFigures });
    if (read.ok) expect(parseFigures(JSON.stringify(read.content))).toEqual(specFigures);
  });

  it("takes a new figure, and the home page's description says it", () => {
    const read = readFiguresPost(posted({ [figureName("roi", "value")]: "312%" }), specFigures);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.content.roi).toEqual({ value: "312%", label: "Average ROI increase" });
    expect(figureDescriptions.home.text(read.content)).toContain("312% average ROI increase for 50+ South African clients");
  });

  it("refuses an empty figure or label and one too long for its card, keeping what was typed", () => {
    const read = readFiguresPost(
      posted({
        [figureName("roi", "value")]: "",
        [figureName("clients", "label")]: " ",
        [figureName("auditValue", "value")]: "R45,000 or more",
        [figureName("years", "label")]: "Years of paid media experience in South Africa",
      }),
      specFigures,
    );
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors).toEqual({
      [figureName("roi", "value")]: "Give the figure.",
      [figureName("clients", "label")]: "Give the label.",
      [figureName("auditValue", "value")]: "Figure is 15 characters: keep it to 12, as the page's card holds.",
      [figureName("years", "label")]: "Label is 46 characters: keep it to 40, as the page's card holds.",
    });
    expect(read.values[figureName("auditValue", "value")]).toBe("R45,000 or more");
    expect(read.values[figureName("adSpend", "value")]).toBe("R250K");
  });

  it("refuses a figure that would push a page's description past 160 characters, beside the figure changed", () => {
    const read = readFiguresPost(posted({ [figureName("retention", "label")]: "Client retention over three years" }), specFigures);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors).toEqual({
      [figureName("retention", "value")]:
        "/about's description repeats this figure and would be 168 characters, over the 160 search results show: shorten it or its label.",
    });
  });
});
