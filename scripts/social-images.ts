// Social cards from the same data as the pages' meta tags, so each is what its og:image promises.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";
import { publicRoutes } from "#app/config/public-routes.ts";
import { articleMetaTitle, articlePath, articleSlugs } from "#app/content/articles.ts";
import { articleFileName, parseArticleSource } from "#app/content/blog/front-matter.ts";
import { pageMeta, serviceMeta } from "#app/content/page-meta.ts";
import { servicePath, serviceSlugs } from "#app/content/services.ts";
import { ogImagePath } from "#app/lib/og.ts";
import { CARD_FONT_FILES, cardDrawer } from "#server/social-card.ts";

const clientDir = path.resolve("build/client");
const fontDir = path.resolve("node_modules/@fontsource/inter/files");
const drawCard = cardDrawer({ fontDir, logoFile: path.resolve("public/favicon.svg") });

function iconPng(size: number): Buffer {
  const svg = readFileSync(path.resolve("public/favicon.svg"), "utf8");
  return Buffer.from(new Resvg(svg, { fitTo: { mode: "width", value: size } }).render().asPng());
}

/** For what asks /favicon.ico by name: pages without HTML, feed readers, bookmark tools. */
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

function pageTitles(): Map<string, string> {
  const titles = new Map<string, string>(Object.values(pageMeta).map((page) => [page.path, page.title]));
  for (const slug of serviceSlugs) titles.set(servicePath(slug), serviceMeta[slug].title);
  // The app has Vite inline the articles' Markdown; here the same files are read from disk.
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
  writeFileSync(file, await drawCard(pagePath, title));
}
mkdirSync(path.resolve("build/server/card-fonts"), { recursive: true });
for (const { file } of CARD_FONT_FILES) copyFileSync(path.join(fontDir, file), path.resolve("build/server/card-fonts", file));
writeFileSync(path.join(clientDir, "apple-touch-icon.png"), iconPng(180));
writeFileSync(path.join(clientDir, "icon-192.png"), iconPng(192));
writeFileSync(path.join(clientDir, "icon-512.png"), iconPng(512));
writeFileSync(path.join(clientDir, "favicon.ico"), ico([16, 32, 48].map((size) => ({ size, png: iconPng(size) }))));
console.log(`social-images: ${publicRoutes.length} cards and 4 icons`);
