/**
 * An item of a list the agency edits that the pages show from a moment on (an add-on, a testimonial;
 * decision 0052): saved at once, shown from its time on every instance without another save. Its field
 * in the editors is `showsFromField` (app/content/field-map.ts).
 */
export interface ShowsFrom {
  /** When the pages first show it (an ISO instant); shown at once without one. */
  showsFrom?: string;
}

const shows = (item: ShowsFrom, now: number) => !item.showsFrom || Date.parse(item.showsFrom) <= now;

/** The items the pages show at `now`: the list itself when that is all of them. */
export function shownAt<T extends ShowsFrom>(items: readonly T[], now: number): readonly T[] {
  return items.every((item) => shows(item, now)) ? items : items.filter((item) => shows(item, now));
}

/** The next moment after `now` at which one of the items starts to show, if any. */
export function nextShowing(items: readonly ShowsFrom[], now: number): number | undefined {
  const times = items.map((item) => (item.showsFrom ? Date.parse(item.showsFrom) : 0)).filter((time) => time > now);
  return times.length ? Math.min(...times) : undefined;
}
