import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { INERT_MODULE_TYPE, INERT_PRELOAD_REL } from "#app/before-react/hydration-on-intent.ts";

/**
 * What React renders for <Scripts>, and its inert form. React escapes quotes in
 * text and attribute values, so these strings only ever occur as real markup.
 */
const replacements: ReadonlyArray<readonly [string, string]> = [
  ['<link rel="modulepreload"', `<link rel="${INERT_PRELOAD_REL}"`],
  ['type="module" async=""', `type="${INERT_MODULE_TYPE}"`],
];
const longest = Math.max(...replacements.map(([from]) => from.length));

function replaceAll(text: string): string {
  return replacements.reduce((result, [from, to]) => result.replaceAll(from, to), text);
}

/**
 * Rewrites the rendered document as it streams, so the hydration scripts wait
 * for the visitor's first sign of intent (see hydration-on-intent.ts). A match may straddle two chunks,
 * so the last few characters are held back until the next chunk or the end.
 */
export function inertHydrationScripts(): Transform {
  const decoder = new StringDecoder("utf8");
  let carry = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = replaceAll(carry + decoder.write(chunk));
      const keep = Math.min(longest - 1, text.length);
      carry = text.slice(text.length - keep);
      callback(null, text.slice(0, text.length - keep));
    },
    flush(callback) {
      callback(null, replaceAll(carry + decoder.end()));
    },
  });
}
