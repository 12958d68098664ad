import { describe, expect, it } from "vitest";
import { REMOVE } from "#app/content/field-map.ts";
import { specTestimonials, testimonialsChangeAfter, testimonialsShownAt } from "#app/content/testimonials.ts";
import { readTestimonialsPost, testimonialName, testimonialsValuesOf } from "#app/content/testimonials-form.ts";
import { parseTestimonials } from "#server/site-content/schema.ts";
import { inRow, NEW_TESTIMONIAL } from "#tests/support/testimonials.ts";

/**
 * The testimonials editor's form (decision 0052): SPEC.md's testimonials read back unchanged, positions
 * reorder a list, and an edit that would break a page is refused on its field with everything typed kept.
 */

const posted = (changes: Record<string, string> = {}) => ({ ...testimonialsValuesOf(specTestimonials), ...changes });
const home = (row: number, key: string) => testimonialName("home", row, key);

describe("the testimonials form", () => {
  it("reads SPEC.md's testimonials back as they are, a document the server takes", () => {
    const read = readTestimonialsPost(posted());
    expect(read).toMatchObject({ ok: true, content: specTestimonials });
    if (read.ok) expect(parseTestimonials(JSON.stringify(read.content))).toEqual(specTestimonials);
  });

  it("orders each list by the positions typed, removes a ticked one and adds the blank row filled in", () => {
    const read = readTestimonialsPost(
      posted({
        [home(2, "position")]: "1",
        [home(0, "position")]: "3",
        [home(1, REMOVE)]: "on",
        ...inRow((key) => home(3, key), { ...NEW_TESTIMONIAL, position: "2", quote: `“${NEW_TESTIMONIAL.quote}”` }),
      }),
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.content.home.map((t) => t.name)).toEqual(["Ayesha Patel", "Nomvula Dlamini", "Thandi Mokoena"]);
    // Initials from the name when left blank; the quotation marks are the card's, not the text's.
    expect(read.content.home[1]).toMatchObject({ initials: "ND", rating: 5, quote: NEW_TESTIMONIAL.quote });
    expect(read.content.freeAudit).toEqual(specTestimonials.freeAudit);
  });

  it("refuses what would break a card, each on its field, keeping what was typed", () => {
    const read = readTestimonialsPost(
      posted({
        [home(0, "name")]: "",
        [home(1, "quote")]: "A".repeat(321),
        [home(2, "position")]: "first",
        [home(2, "results")]: "kept as typed",
      }),
    );
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors).toEqual({
      [home(0, "name")]: "Give the name.",
      [home(1, "quote")]: "Quote is 321 characters: keep it to 320, as the page's card holds.",
      [home(2, "position")]: "Give the position as a whole number: 1 shows first.",
    });
    expect(read.values[home(2, "results")]).toBe("kept as typed");
    expect(read.values[home(1, "quote")]).toHaveLength(321);
  });

  it("refuses a list left empty and the same person twice in one list", () => {
    const removeAll = Object.fromEntries(specTestimonials.freeAudit.map((_, row) => [testimonialName("freeAudit", row, REMOVE), "on"]));
    const read = readTestimonialsPost(posted({ ...removeAll, [home(1, "name")]: "thandi mokoena" }));
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors[testimonialName("freeAudit", 0, "name")]).toBe(
      "Free audit page needs at least one testimonial: the free audit page shows them.",
    );
    expect(read.errors[home(1, "name")]).toBe("thandi mokoena is already in this list: each testimonial once.");
  });

  it("shows a testimonial from its time (SAST): the pages leave it out until then, and a list needs one shown now", () => {
    const now = Date.parse("2026-11-29T10:00:00Z");
    const read = readTestimonialsPost(posted({ [home(1, "showsFrom")]: "2026-12-01 09:00" }), now);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.content.home[1]!.showsFrom).toBe("2026-12-01T07:00:00.000Z");
    expect(testimonialsValuesOf(read.content)[home(1, "showsFrom")]).toBe("2026-12-01 09:00");
    expect(parseTestimonials(JSON.stringify(read.content))).toEqual(read.content);
    const [thandi, , ayesha] = specTestimonials.home;
    expect(testimonialsShownAt(read.content, now).home).toEqual([thandi, ayesha]);
    expect(testimonialsChangeAfter(read.content, now)).toBe(Date.parse("2026-12-01T07:00:00Z"));
    expect(testimonialsShownAt(read.content, Date.parse("2026-12-01T07:00:00Z"))).toBe(read.content);

    const later = Object.fromEntries(
      specTestimonials.freeAudit.map((_, row) => [testimonialName("freeAudit", row, "showsFrom"), "2027-01-01 00:00"]),
    );
    const refused = readTestimonialsPost(posted({ ...later, [home(0, "showsFrom")]: "1 December" }), now);
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.errors).toEqual({
      [home(0, "showsFrom")]: "Give the time as a date and a 24-hour time, e.g. 2026-12-01 09:00 (SAST), or leave it blank.",
      [testimonialName("freeAudit", 0, "showsFrom")]:
        "Free audit page needs one testimonial shown now: the free audit page would show none until the first time here.",
    });
  });
});
