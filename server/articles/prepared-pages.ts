import type { ServerBuild } from "react-router";
import { articleMetaTitle, articlePath } from "#app/content/articles.ts";
import { ogImagePath } from "#app/lib/og.ts";
import type { LiveArticle } from "#server/articles/live.ts";
import type { StaticFiles } from "#server/http/static.ts";
import { pageRenderer } from "#server/http/react-router-handler.ts";
import { log } from "#server/log.ts";
import { pageContextOf, type SiteServices } from "#server/services.ts";

/** Made when an article goes live or changes, not per request (docs/decisions/0017, 0039). */
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
  cardFontDir: string;
  logoFile: string;
}) {
  const { articles } = services;
  const render = pageRenderer({ build, siteUrl, context: () => pageContextOf(services) });
  const drawCard = async (pagePath: string, title: string) => {
    const png = await services.heavyWork.run("card", { pagePath, title, fontDir: cardFontDir, logoFile });
    return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  };
  articles.drawCardsWith(drawCard);
  // An article's page changes with its version, its author as the team has it and the footer's contact details (decision 0052).
  const stampOf = (article: LiveArticle) =>
    JSON.stringify([article.version, article.author, article.authorRole, article.authorAvatar, services.siteContent.content("contact")]);
  const prepared = new Map<string, string>();
  const sync = async () => {
    const live = articles.pages();
    const wanted = new Map(live.map((article) => [articlePath(article.slug), stampOf(article)]));
    for (const path of prepared.keys()) {
      if (wanted.has(path)) continue;
      files.removePage(path);
      prepared.delete(path);
    }
    for (const [path, stamp] of wanted) {
      if (prepared.get(path) === stamp) continue;
      // The old version's page is not served while the new one renders: per request, it is already the new one.
      files.removePage(path);
      prepared.delete(path);
      try {
        const article = live.find((candidate) => articlePath(candidate.slug) === path)!;
        await card(path, articleMetaTitle(article));
        const [html, data] = await Promise.all([render(path), render(`${path}.data`)]);
        if (html.status !== 200 || data.status !== 200) throw new Error(`it answered ${html.status} and its data ${data.status}`);
        // Only if no newer version (or team, or contact details) arrived while it rendered.
        const now = articles.find(path.slice("/blog/".length));
        if (!now || stampOf(now) !== stamp) continue;
        files.putPage(path, { html: html.text, data: data.text });
        prepared.set(path, stamp);
      } catch (error) {
        log.error(`Articles: could not prepare ${path}; it is rendered per request until it changes:`, error);
      }
    }
  };
  // Drawn before the page, so a share of a new page finds its picture; off the server's thread (docs/decisions/0044).
  const card = async (path: string, title: string) => {
    const card = ogImagePath(path, title);
    if (files.has(card)) return;
    files.putFile(card, await drawCard(path, title));
  };
  // One sync at a time: the articles and the contact details may change together.
  let syncing = Promise.resolve();
  const syncInTurn = () => (syncing = syncing.catch(() => undefined).then(sync));
  articles.onChange(syncInTurn);
  // The site content is read by now: a team saved before this start names the authors at once.
  articles.authorsFrom(() => services.siteContent.content("team").members);
  services.siteContent.prepareWith("team", () => articles.refresh());
  services.siteContent.prepareWith("contact", syncInTurn);
  await articles.refresh();
  await syncInTurn();
}
