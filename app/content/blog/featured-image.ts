import { site } from "#app/config/site.ts";
import { blogCategories, featuredImageSize, type ImageMotif } from "#app/content/articles.ts";
import { xmlEscape } from "#app/lib/feed.ts";
import type { FrontMatter } from "#app/content/blog/front-matter.ts";

// Each article's featured image is drawn from its front matter: the category's
// colour, the title and a motif. The unit tests write the result to
// images/{slug}.svg (`npx vitest run tests/unit/blog.test.ts -u` after a change)
// and fail while a committed file differs, so the served files always match the data.

const { width: W, height: H } = featuredImageSize;
const FONT = "Inter, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const INK = "#0f172a";
const MUTED = "#94a3b8";
const TITLE = { size: 48, lineHeight: 60, charsPerLine: 24, maxLines: 4, x: 72, firstBaseline: 216 };

/** Greedy word wrap by character count: the image is rasterised with whatever sans-serif the viewer has. */
export function wrapTitle(title: string): string[] {
  const lines: string[] = [];
  for (const word of title.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= TITLE.charsPerLine) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length > TITLE.maxLines) throw new Error(`"${title}" needs ${lines.length} lines on its image; at most ${TITLE.maxLines} fit`);
  return lines;
}

const motifs: Record<ImageMotif, (accent: string) => string> = {
  "rising-bars": (accent) => {
    const bars = [90, 140, 175, 235, 300]
      .map(
        (h, i) =>
          `<rect x="${810 + i * 64}" y="${480 - h}" width="44" height="${h}" rx="6" fill="${accent}" fill-opacity="${0.35 + i * 0.16}"/>`,
      )
      .join("");
    return `${bars}<polyline points="812,360 876,318 940,300 1004,232 1100,150" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/><polygon points="1100,150 1072,152 1092,174" fill="#fff"/>`;
  },
  reconnect: (accent) => {
    const dots = [810, 850, 890, 1050, 1090, 1130]
      .map((x, i) => `<circle cx="${x}" cy="315" r="11" fill="${accent}" fill-opacity="${i < 3 ? 0.45 + i * 0.2 : 1}"/>`)
      .join("");
    return `${dots}<path d="M902 315 H922 M1018 315 H1038" stroke="${accent}" stroke-width="5" stroke-dasharray="6 6"/><rect x="922" y="245" width="96" height="140" rx="14" fill="${INK}" stroke="${accent}" stroke-width="5"/>${[
      280, 315, 350,
    ]
      .map(
        (y) =>
          `<rect x="942" y="${y - 8}" width="56" height="16" rx="4" fill="${accent}" fill-opacity="0.7"/><circle cx="990" cy="${y}" r="3" fill="#fff"/>`,
      )
      .join(
        "",
      )}<path d="M850 200 q120 -70 240 0" fill="none" stroke="#fff" stroke-opacity="0.5" stroke-width="4" stroke-dasharray="4 10" stroke-linecap="round"/>`;
  },
  "falling-line": (accent) => {
    const points = [
      [820, 170],
      [890, 215],
      [960, 250],
      [1030, 330],
      [1110, 420],
    ] as const;
    const grid = [180, 260, 340, 420]
      .map((y) => `<path d="M800 ${y} H1140" stroke="#fff" stroke-opacity="0.12" stroke-width="2"/>`)
      .join("");
    const markers = points
      .map(
        ([x, y], i) =>
          `<circle cx="${x}" cy="${y}" r="${i === points.length - 1 ? 16 : 9}" fill="${i === points.length - 1 ? accent : INK}" stroke="${accent}" stroke-width="5"/>`,
      )
      .join("");
    return `${grid}<polyline points="${points.map((p) => p.join(",")).join(" ")}" fill="none" stroke="${accent}" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>${markers}`;
  },
  funnel: (accent) => {
    const layers = [
      [800, 1140, 150],
      [840, 1100, 230],
      [880, 1060, 310],
      [920, 1020, 390],
    ] as const;
    const bands = layers
      .map(([left, right, y], i) => {
        const inset = 40;
        const highlighted = i === layers.length - 1;
        return `<polygon points="${left},${y} ${right},${y} ${right - inset},${y + 70} ${left + inset},${y + 70}" fill="${accent}" fill-opacity="${highlighted ? 1 : 0.18 + i * 0.12}"/>`;
      })
      .join("");
    return `${bands}<text x="970" y="197" text-anchor="middle" font-family="${FONT}" font-size="36" font-weight="800" fill="#fff">80/20</text><path d="M970 470 V520" stroke="${accent}" stroke-width="6" stroke-linecap="round"/>`;
  },
  gauge: (accent) => {
    const ticks = Array.from({ length: 11 }, (_, i) => {
      const angle = Math.PI - (i * Math.PI) / 10;
      const [cx, cy, r1, r2] = [970, 420, 150, 172];
      const x1 = (cx + r1 * Math.cos(angle)).toFixed(1);
      const y1 = (cy - r1 * Math.sin(angle)).toFixed(1);
      const x2 = (cx + r2 * Math.cos(angle)).toFixed(1);
      const y2 = (cy - r2 * Math.sin(angle)).toFixed(1);
      return `<path d="M${x1} ${y1} L${x2} ${y2}" stroke="#fff" stroke-opacity="${i >= 8 ? 0.9 : 0.3}" stroke-width="4" stroke-linecap="round"/>`;
    }).join("");
    return `<path d="M840 420 A130 130 0 0 1 1100 420" fill="none" stroke="#fff" stroke-opacity="0.12" stroke-width="28"/><path d="M840 420 A130 130 0 0 1 1075.2 343.6" fill="none" stroke="${accent}" stroke-width="28" stroke-linecap="round"/>${ticks}<path d="M970 420 L1062 352" stroke="#fff" stroke-width="8" stroke-linecap="round"/><circle cx="970" cy="420" r="18" fill="${accent}"/><circle cx="970" cy="420" r="7" fill="${INK}"/>`;
  },
  paths: (accent) => {
    const starts = [170, 270, 370, 470];
    const curves = starts
      .map(
        (y, i) =>
          `<path d="M820 ${y} C 940 ${y}, 960 320, 1080 320" fill="none" stroke="${accent}" stroke-opacity="${0.45 + i * 0.15}" stroke-width="6" stroke-linecap="round"/><circle cx="820" cy="${y}" r="14" fill="${INK}" stroke="${accent}" stroke-width="5"/>`,
      )
      .join("");
    return `${curves}<circle cx="1090" cy="320" r="44" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="4"/><circle cx="1090" cy="320" r="26" fill="${accent}"/>`;
  },
};

/** The SVG markup of an article's featured image. */
export function featuredImageSvg(matter: Pick<FrontMatter, "title" | "category" | "readTime" | "imageMotif">): string {
  const accent = blogCategories.find((category) => category.name === matter.category)!.accent;
  const title = wrapTitle(matter.title)
    .map((line, i) => `<tspan x="${TITLE.x}" y="${TITLE.firstBaseline + i * TITLE.lineHeight}">${xmlEscape(line)}</tspan>`)
    .join("");
  const label = xmlEscape(matter.category.toUpperCase());
  const labelWidth = Math.round(label.length * 15 + 48);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    `<defs><radialGradient id="glow" cx="0.82" cy="0.45" r="0.6"><stop offset="0" stop-color="${accent}" stop-opacity="0.28"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="${INK}"/><rect width="${W}" height="${H}" fill="url(#glow)"/>`,
    `<rect x="72" y="72" width="${labelWidth}" height="44" rx="22" fill="${accent}" fill-opacity="0.16" stroke="${accent}" stroke-width="2"/>`,
    `<text x="${72 + labelWidth / 2}" y="101" text-anchor="middle" font-family="${FONT}" font-size="20" font-weight="700" letter-spacing="2" fill="${accent}">${label}</text>`,
    `<text font-family="${FONT}" font-size="${TITLE.size}" font-weight="800" fill="#fff">${title}</text>`,
    motifs[matter.imageMotif](accent),
    `<text x="72" y="566" font-family="${FONT}" font-size="26" font-weight="800" fill="#fff">${xmlEscape(site.name)}<tspan dx="12" fill="${MUTED}" font-weight="500">· Blog</tspan></text>`,
    `<text x="1128" y="566" text-anchor="end" font-family="${FONT}" font-size="24" font-weight="600" fill="${accent}">${xmlEscape(matter.readTime)} read</text>`,
    `</svg>`,
    "",
  ].join("\n");
}
