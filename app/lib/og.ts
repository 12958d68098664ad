// Social card images: each page's 1200x630 PNG is drawn at build from its title
// and section (scripts/social-images.ts). The file name carries a hash of what
// is drawn, so it can be cached forever and changes when the card would.
// Self-contained: the build script imports this file directly.

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;
/** Bump when the card's design changes, so every name changes with it. */
const OG_DESIGN_VERSION = 1;

const sections: Array<[prefix: string, label: string]> = [
  ["/services/", "Services"],
  ["/services", "Services"],
  ["/blog/", "Blog"],
  ["/blog", "Blog"],
  ["/pricing", "Pricing"],
  ["/free-audit", "Free Ad Audit"],
  ["/free-ai-assessment", "Free AI Assessment"],
  ["/case-studies", "Case Studies"],
  ["/calendar", "Book a Call"],
  ["/contact", "Contact"],
  ["/about", "About"],
  ["/get-started", "Get Started"],
  ["/privacy", "Legal"],
  ["/terms", "Legal"],
];

/** The section a page belongs to, shown above its title on the card. */
export function ogSection(path: string): string {
  return sections.find(([prefix]) => path === prefix || path.startsWith(prefix))?.[1] ?? "Performance Marketing";
}

/** FNV-1a: a small, synchronous hash that gives the same name in the browser and at build. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** The site-relative URL of a page's card, e.g. /og/services-google-ads.1k2j3h.png. */
export function ogImagePath(path: string, title: string): string {
  const slug = path === "/" ? "home" : path.slice(1).replaceAll("/", "-");
  return `/og/${slug}.${fnv1a(`${OG_DESIGN_VERSION}|${ogSection(path)}|${title}`)}.png`;
}
