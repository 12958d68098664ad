import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLASS_FEATURES, characters, FONT_FILE, interSubset, SITE_RANGE } from "#scripts/font-subset.ts";

/** Every file of the site's own text: content, components and pages. */
function textFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? textFiles(file) : /\.(tsx?|md)$/.test(name) ? [file] : [];
  });
}

describe("the site's font", () => {
  it("is Inter cut to the site's characters and weights (else run node scripts/font-subset.ts)", async () => {
    expect(readFileSync(FONT_FILE).equals(await interSubset())).toBe(true);
  });

  it("is declared in the stylesheet for exactly the characters it holds, after the faces it stands in front of", () => {
    const faces = readFileSync("app/app.css", "utf8").replace(/\s+/g, "").split("@font-face").slice(1);
    expect(faces.at(-1)).toContain(path.basename(FONT_FILE));
    expect(faces.at(-1)).toContain(`unicode-range:${SITE_RANGE}`);
  });

  it("keeps the OpenType feature of every font-variant class the site uses", () => {
    // Tailwind's font-variant-numeric classes; a raw font-feature-settings or font-variant would need the same care.
    const variantClasses = [
      "tabular-nums",
      "proportional-nums",
      "lining-nums",
      "oldstyle-nums",
      "slashed-zero",
      "ordinal",
      "diagonal-fractions",
      "stacked-fractions",
    ];
    const used = new Set<string>();
    for (const file of [...textFiles("app"), "app/app.css"]) {
      const source = readFileSync(file, "utf8");
      for (const name of variantClasses) if (new RegExp(`\\b${name}\\b`).test(source)) used.add(name);
      expect(source, file).not.toMatch(/font-feature-settings|fontFeatureSettings|font-variant:/);
    }
    expect([...used].filter((name) => !(name in CLASS_FEATURES))).toEqual([]);
  });

  it("holds every character of the site's own text, so no page needs another font file", () => {
    const held = new Set(characters(SITE_RANGE));
    const missing = new Set<string>();
    for (const file of ["app/content", "app/components", "app/routes", "app/config"].flatMap(textFiles)) {
      for (const character of readFileSync(file, "utf8"))
        if (character > "~" && !held.has(character)) missing.add(`${character} (${file})`);
    }
    expect([...missing]).toEqual([]);
  });
});
