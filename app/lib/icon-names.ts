/**
 * Every icon the site shows, by its lucide name. They are drawn once, in one
 * SVG sprite (app/components/ui/icons.svg, written by `node scripts/icon-sprite.ts`), and each
 * use is a `<use>` of it: no icon paths in the pages' HTML or in their
 * JavaScript (docs/decisions/0018). Add a name here, then run the script.
 */
export const iconNames = [
  "arrow-left",
  "arrow-right",
  "arrow-up",
  "badge-check",
  "bot",
  "briefcase",
  "calendar-check",
  "calendar-days",
  "calendar-x-2",
  "chart-column",
  "check",
  "chevron-down",
  "circle-check",
  "circle-exclamation-point",
  "circle-x",
  "clock",
  "compass",
  "download",
  "eye",
  "funnel",
  "gauge",
  "lightbulb",
  "loader-circle",
  "mail",
  "mail-x",
  "map",
  "map-pin",
  "megaphone",
  "menu",
  "phone",
  "play",
  "plus",
  "rocket",
  "search",
  "share-2",
  "shield-check",
  "sliders-horizontal",
  "star",
  "target",
  "trending-up",
  "x",
  "zap",
] as const;

export type IconName = (typeof iconNames)[number];
