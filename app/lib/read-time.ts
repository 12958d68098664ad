/**
 * An article's read time, from its Markdown: the one rule the inbox's editor
 * and the published pages use (docs/decisions/0036). 150 words a minute is
 * about what the six first articles' own figures (SPEC.md section 2) average.
 */

const WORDS_PER_MINUTE = 150;

/** Words a reader reads: Markdown punctuation and table rules are not words. */
export function countWords(markdown: string): number {
  return markdown.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

/** Whole minutes, at least one. */
export function readTimeMinutes(markdown: string): number {
  return Math.max(1, Math.ceil(countWords(markdown) / WORDS_PER_MINUTE));
}

/** As SPEC.md words it: "12 min". */
export const readTimeLabel = (minutes: number) => `${minutes} min`;
