import { describe, expect, it } from "vitest";
import { badgeName, badgesValuesOf, readBadgesPost } from "#app/content/badges-form.ts";
import { specPartners } from "#app/content/partners.ts";
import { parsePartners } from "#server/site-content/schema.ts";

/**
 * The partner badges editor's form (decision 0052): SPEC.md's badges read back unchanged, positions
 * reorder them, and a colour white text cannot be read on is refused with its contrast, what was typed kept.
 */

const posted = (changes: Record<string, string> = {}) => ({ ...badgesValuesOf(specPartners), ...changes });
const badge = (row: number, key: string) => badgeName("badges", row, key);
const added = specPartners.badges.length;

describe("the partner badges form", () => {
  it("reads SPEC.md's badges back as they are, a document the server takes", () => {
    const read = readBadgesPost(posted());
    expect(read).toMatchObject({ ok: true, content: specPartners });
    if (read.ok) expect(parsePartners(JSON.stringify(read.content))).toEqual(specPartners);
  });

  it("puts a new badge first by its position, before the one that was there", () => {
    const read = readBadgesPost(
      posted({
        [badge(added, "position")]: "1",
        [badge(added, "name")]: "TikTok Partner",
        [badge(added, "text")]: "Marketing Partner",
        [badge(added, "colour")]: "#111827",
      }),
    );
    expect(read.ok && read.content.badges.map((b) => b.name)).toEqual(["TikTok Partner", ...specPartners.badges.map((b) => b.name)]);
  });

  it("refuses a colour white text cannot be read on, and one it cannot read, keeping what was typed", () => {
    const read = readBadgesPost(posted({ [badge(0, "colour")]: "#FACC15", [badge(1, "colour")]: "blue", [badge(2, "text")]: "kept" }));
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors).toEqual({
      [badge(0, "colour")]: "White text on #facc15 reads at 1.5:1, under 4.5:1: choose a darker colour.",
      [badge(1, "colour")]: "Give the colour as # and six hexadecimal digits, e.g. #1a56db.",
    });
    expect(read.values[badge(0, "colour")]).toBe("#FACC15");
    expect(read.values[badge(2, "text")]).toBe("kept");
  });
});
