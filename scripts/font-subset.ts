// Writes app/fonts/inter-site-wght-400-800.woff2: Inter cut to the characters the site's own
// text uses (SITE_RANGE: ASCII and a little punctuation), the OpenType features a browser applies
// to it (FEATURES) and the weights it uses (body 400 to font-extrabold 800). The font is the largest
// request before a page's largest paint, and this one is less than half of fontsource's Latin file (decision 0022).
// Any other character (a visitor's name with an accent) comes from fontsource's files, which
// app/app.css declares for the rest of Latin and loads only for a page that shows one.
// `node scripts/font-subset.ts` after upgrading the font or adding a character to SITE_RANGE;
// unit tests check the file is current and the site's text needs nothing beyond it.
import { readFileSync, writeFileSync } from "node:fs";
import subsetFontUntyped from "subset-font";

/** subset-font as it is: its typings (@types/subset-font) predate `keepFeatures`, which it has had since 2.6. */
const subsetFont = subsetFontUntyped as (
  font: Buffer,
  text: string,
  options: NonNullable<Parameters<typeof subsetFontUntyped>[2]> & { keepFeatures?: string[] },
) => Promise<Buffer>;

export const FONT_FILE = "app/fonts/inter-site-wght-400-800.woff2";
const SOURCE = "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2";

/**
 * The characters of the site's own text, as the font's @font-face unicode-range names them
 * (app/app.css says the same): ASCII, no-break space, © · ×, dashes, quotes, bullet, ellipsis,
 * arrows, minus, euro and trade mark signs.
 */
export const SITE_RANGE = "U+0020-007E,U+00A0,U+00A9,U+00B7,U+00D7,U+2013-2014,U+2018-201D,U+2022,U+2026,U+2190-2193,U+20AC,U+2122,U+2212";
export const WEIGHTS = { min: 400, max: 800 } as const;

/**
 * The OpenType features browsers apply to Latin text by default (HarfBuzz's
 * defaults for horizontal left-to-right text, which hb-subset keeps too; not
 * frac, numr and dnom, which they apply only around U+2044, a character the cut
 * lacks), and
 * those the site's own classes turn on (CLASS_FEATURES). Inter's stylistic sets,
 * character variants and other optional features are never used here: without
 * them the file is smaller (decision 0022) and draws the same.
 */
const DEFAULT_FEATURES = ["rvrn", "ccmp", "locl", "mark", "mkmk", "rlig", "liga", "clig", "calt", "rclt", "curs", "kern", "ltra", "ltrm"];
/** Tailwind's font-variant-numeric classes the site uses, and the feature each needs. */
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
