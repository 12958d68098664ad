import { site } from "#app/config/site.ts";

/** The title and robots tags of an inbox page: never indexed, never followed. */
export function adminMeta(title: string) {
  return [{ title: `${title} | ${site.name} lead inbox` }, { name: "robots", content: "noindex, nofollow" }];
}
