// Writes app/fonts/inter-site-wght-400-800.woff2, Inter cut to the site's characters and weights (decision 0022).
// Run after upgrading the font or adding to SITE_RANGE; unit tests check the file is current.
import { readFileSync, writeFileSync } from "node:fs";
import subsetFontUntyped from "subset-font";

/** Its typings predate `keepFeatures`, which it has had since 2.6. */
const subsetFont = subsetFontUntyped as (
  font: Buffer,
  text: string,
  options: NonNullable<Parameters<typeof subsetFontUntyped>[2]> & { keepFeatures?: string[] },
) => Promise<Buffer>;

export const FONT_FILE = "app/fonts/inter-site-wght-400-800.woff2";
const SOURCE = "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2";

/** app/app.css's @font-face unicode-range says the same. */
export const SITE_RANGE = "U+0020-007E,U+00A0,U+00A9,U+00B7,U+00D7,U+2013-2014,U+2018-201D,U+2022,U+2026,U+2190-2193,U+20AC,U+2122,U+2212";
export const WEIGHTS = { min: 400, max: 800 } as const;

/** Browsers' defaults for Latin text plus the site's own classes' (decision 0022); Inter's optional sets are never used. */
const DEFAULT_FEATURES = ["rvrn", "ccmp", "locl", "mark", "mkmk", "rlig", "liga", "clig", "calt", "rclt", "curs", "kern", "ltra", "ltrm"];
export const CLASS_FEATURES: Record<string, string> = { "tabular-nums": "tnum" };
export const FEATURES = [...DEFAULT_FEATURES, ...Object.values(CLASS_FEATURES)];

export function characters(range: string): string {
  let text = "";
  for (const part of range.split(",")) {
    const [from, to = from] = part
      .slice(2)
      .split("-")
      .map((hex) => Number.parseInt(hex, 16));
    for (let code = from!; code <= to!; code++) text += String.fromCodePoint(code);
  }
  return text;
}

export async function interSubset(): Promise<Buffer> {
  return subsetFont(readFileSync(SOURCE), characters(SITE_RANGE), {
    targetFormat: "woff2",
    variationAxes: { wght: WEIGHTS },
    keepFeatures: FEATURES,
  });
}

if (import.meta.main) {
  const font = await interSubset();
  writeFileSync(FONT_FILE, font);
  console.log(`font-subset: wrote ${FONT_FILE} (${(font.length / 1024).toFixed(1)} KB)`);
}
