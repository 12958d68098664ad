// Draws every public page's social card (1200x630 PNG) and the app icons into
// the client build. A card's title and file name come from the same data and
// functions as the page's meta tags (app/content/page-meta.ts, an article's
// front matter, seo() with ogImagePath), so it is what the page's og:image
// promises, and plain Node draws it without Vite or the app.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";
import satori from "satori";
import { publicRoutes } from "#app/config/public-routes.ts";
import { site } from "#app/config/site.ts";
import { articleMetaTitle, articlePath, articleSlugs } from "#app/content/articles.ts";
import { articleFileName, parseArticleSource } from "#app/content/blog/front-matter.ts";
import { pageMeta, serviceMeta } from "#app/content/page-meta.ts";
import { servicePath, serviceSlugs } from "#app/content/services.ts";
import { OG_HEIGHT, OG_WIDTH, ogImagePath, ogSection } from "#app/lib/og.ts";

const clientDir = path.resolve("build/client");
const font = (weight: number) => readFileSync(path.resolve(`node_modules/@fontsource/inter/files/inter-latin-${weight}-normal.woff`));
const fonts = [
  { name: "Inter", data: font(500), weight: 500 as const, style: "normal" as const },
  { name: "Inter", data: font(800), weight: 800 as const, style: "normal" as const },
];

const logo = `data:image/svg+xml;base64,${readFileSync(path.resolve("public/favicon.svg")).toString("base64")}`;

type Node = { type: string; props: Record<string, unknown> & { style?: Record<string, unknown>; children?: unknown } };
const h = (type: string, style: Record<string, unknown>, children?: unknown, extra: Record<string, unknown> = {}): Node => ({
  type,
  props: { style, children, ...extra },
});

function card(title: string, section: string, brand: string): Node {
  const size = title.length > 48 ? 56 : 68;
  return h(
    "div",
    {
      width: "100%",
      height: "100%",
      display: "flex",
      flexDirection: "column",
      justifyContent: "space-between",
      padding: "64px 72px",
      boxSizing: "border-box",
      background: "linear-gradient(135deg, #0f172a 0%, #1e3a8a 100%)",
      fontFamily: "Inter",
      color: "#ffffff",
    },
    [
      h("div", { display: "flex", alignItems: "center", gap: 18 }, [
        h("img", { width: 56, height: 56 }, undefined, { src: logo, width: 56, height: 56 }),
        h("div", { fontSize: 34, fontWeight: 800 }, brand),
      ]),
      h("div", { display: "flex", flexDirection: "column", gap: 20 }, [
        h("div", { fontSize: 30, fontWeight: 500, color: "#6ee7b7", textTransform: "uppercase", letterSpacing: 3 }, section),
        h("div", { fontSize: size, fontWeight: 800, lineHeight: 1.1, maxWidth: 1000 }, title),
      ]),
      h("div", { display: "flex", width: "100%", justifyContent: "space-between", fontSize: 26, fontWeight: 500, color: "#cbd5e1" }, [
        h("div", { display: "flex" }, "Johannesburg, South Africa"),
        h("div", { display: "flex", color: "#6ee7b7" }, "Free ad audit in 48 hours"),
      ]),
    ],
  );
}

async function png(node: Node, width: number, height: number): Promise<Buffer> {
  const svg = await satori(node as never, { width, height, fonts });
  return Buffer.from(new Resvg(svg, { fitTo: { mode: "width", value: width } }).render().asPng());
}

function iconPng(size: number): Buffer {
  const svg = readFileSync(path.resolve("public/favicon.svg"), "utf8");
  return Buffer.from(new Resvg(svg, { fitTo: { mode: "width", value: size } }).render().asPng());
}

/**
 * An ICO file of PNG images (the format every browser since 2007 reads), for
 * what asks /favicon.ico by name: a browser showing a page without HTML (a
 * PDF, JSON), feed readers, bookmarks tools.
 */
function ico(images: Array<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size % 256, 0);
    entry.writeUInt8(size % 256, 1);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((image) => image.png)]);
}

/** The title each public page's meta hands seo(), by path. */
function pageTitles(): Map<string, string> {
  const titles = new Map<string, string>(Object.values(pageMeta).map((page) => [page.path, page.title]));
  for (const slug of serviceSlugs) titles.set(servicePath(slug), serviceMeta[slug].title);
  // The app has Vite inline the articles' Markdown (blog.server.ts); here the same files are read from disk.
  for (const slug of articleSlugs) {
    const fileName = articleFileName(slug);
    const { matter } = parseArticleSource(fileName, readFileSync(path.resolve("app/content/blog", fileName), "utf8"));
    titles.set(articlePath(slug), articleMetaTitle(matter));
  }
  return titles;
}

const titles = pageTitles();
mkdirSync(path.join(clientDir, "og"), { recursive: true });
for (const { path: pagePath } of publicRoutes) {
  const title = titles.get(pagePath);
  if (!title) throw new Error(`${pagePath} is a public page without a title in app/content/page-meta.ts`);
  const file = path.join(clientDir, ogImagePath(pagePath, title));
  writeFileSync(file, await png(card(title, ogSection(pagePath), site.name), OG_WIDTH, OG_HEIGHT));
}
writeFileSync(path.join(clientDir, "apple-touch-icon.png"), iconPng(180));
writeFileSync(path.join(clientDir, "icon-192.png"), iconPng(192));
writeFileSync(path.join(clientDir, "icon-512.png"), iconPng(512));
writeFileSync(path.join(clientDir, "favicon.ico"), ico([16, 32, 48].map((size) => ({ size, png: iconPng(size) }))));
console.log(`social-images: ${publicRoutes.length} cards and 4 icons`);
