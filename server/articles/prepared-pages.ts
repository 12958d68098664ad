import { RouterContextProvider, type ServerBuild } from "react-router";
import { articleMetaTitle, articlePath } from "#app/content/articles.ts";
import { ogImagePath } from "#app/lib/og.ts";
import type { StaticFiles } from "#server/http/static.ts";
import { pageRenderer } from "#server/http/react-router-handler.ts";
import { log } from "#server/log.ts";
import { type SiteServices, servicesContext } from "#server/services.ts";

/**
 * Every live article's page served as a prerendered page is (decision 0017:
 * compressed once, CSP by hashes, ETag), made when the article goes live or
 * changes, not per request (docs/decisions/0039). The page and its client
 * navigation's data are rendered once through the app itself, so they are
 * what a request would have rendered. An article taken down stops being served
 * before anything else happens; until its new page is ready a changed one is
 * rendered per request from the same records.
 */
export async function prepareArticlePages({
  services,
  files,
  build,
  siteUrl,
  cardFontDir,
  logoFile,
}: {
  services: SiteServices;
  files: Pick<StaticFiles, "putPage" | "removePage" | "has" | "putFile">;
  build: () => Promise<ServerBuild>;
  siteUrl: string;
  /** The fonts social cards are drawn with (the build copies them beside the server bundle), and the logo on them. */
  cardFontDir: string;
  logoFile: string;
}) {
  const { articles } = services;
  const context = () => {
    const provider = new RouterContextProvider();
    provider.set(servicesContext, services);
    return provider;
  };
  const render = pageRenderer({ build, siteUrl, context });
  /** A page's social card, drawn in the heavy-work process (docs/decisions/0044). */
  const drawCard = async (pagePath: string, title: string) => {
    const png = await services.heavyWork.run("card", { pagePath, title, fontDir: cardFontDir, logoFile });
    return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  };
  // The same drawer draws the cards of previews (preview.ts).
  articles.drawCardsWith(drawCard);
  /** The version each served page was made from, by path. */
  const prepared = new Map<string, number>();
  const sync = async () => {
    const live = articles.pages();
    const wanted = new Map(live.map((article) => [articlePath(article.slug), article.version]));
    for (const path of prepared.keys()) {
      if (wanted.has(path)) continue;
      files.removePage(path);
      prepared.delete(path);
    }
    for (const [path, version] of wanted) {
      if (prepared.get(path) === version) continue;
      // The old version's page is not served while the new one renders: per request, it is already the new one.
      files.removePage(path);
      prepared.delete(path);
      try {
        const article = live.find((candidate) => articlePath(candidate.slug) === path)!;
        await card(path, articleMetaTitle(article));
        const [html, data] = await Promise.all([render(path), render(`${path}.data`)]);
        if (html.status !== 200 || data.status !== 200) throw new Error(`it answered ${html.status} and its data ${data.status}`);
        // Only if no newer version arrived while it rendered.
        if (articles.find(path.slice("/blog/".length))?.version !== version) continue;
        files.putPage(path, { html: html.text, data: data.text });
        prepared.set(path, version);
      } catch (error) {
        log.error(`Articles: could not prepare ${path}; it is rendered per request until it changes:`, error);
      }
    }
  };
  /**
   * The social card its og:image names, drawn when no card of that title is
   * served yet (the build drew the first articles'): before the page, so a
   * share of a new page finds its picture. Drawn in the heavy-work process
   * (docs/decisions/0044): satori's layout and sharp's rasterising would hold
   * the server's thread and its libuv pool.
   */
  const card = async (path: string, title: string) => {
    const card = ogImagePath(path, title);
    if (files.has(card)) return;
    files.putFile(card, await drawCard(path, title));
  };
  articles.onChange(sync);
  await sync();
}
