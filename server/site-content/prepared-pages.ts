import type { ServerBuild } from "react-router";
import { dataPathOf, type StaticFiles } from "#server/http/static.ts";
import { pageRenderer } from "#server/http/react-router-handler.ts";
import { log } from "#server/log.ts";
import { pageContextOf, type SiteServices } from "#server/services.ts";
import { type ContentKind, contentKindNames, preparedPagesOf } from "#server/site-content/kinds.ts";
import { servicesShowing } from "#server/site-content/overlay.ts";

/**
 * The pages showing site content served as prepared files, as the build's
 * prerendered pages are (docs/decisions/0052, as articles' in 0039): rendered
 * once through the app when the content changes, never per request. While a
 * page renders the old one is not served: per request it is already the new.
 * What shows from a later moment is rendered ahead and put in place at that moment.
 */
export function prepareSiteContentPages({
  services,
  files,
  build,
  siteUrl,
}: {
  services: SiteServices;
  files: Pick<StaticFiles, "putPage" | "removePage">;
  build: () => Promise<ServerBuild>;
  siteUrl: string;
}): Promise<void> {
  const render = pageRenderer({ build, siteUrl, context: () => pageContextOf(services) });
  // The pages of a kind rendered ahead of its next moment, as they will be, with what else showed then.
  const staged = new Map<ContentKind, { content: unknown; others: unknown[]; pages: Array<[string, { html: string; data: string }]> }>();
  const othersThan = (kind: ContentKind) =>
    contentKindNames.filter((other) => other !== kind).map((other) => services.siteContent.content(other));
  for (const kind of contentKindNames) {
    const paths = preparedPagesOf(kind);
    services.siteContent.prepareAheadWith(kind, async (content) => {
      const others = othersThan(kind);
      const showing = servicesShowing(services, kind, content);
      const pages = await Promise.all(
        paths.map(async (path): Promise<[string, { html: string; data: string }]> => {
          // One context a render, as for a request: a page's loaders file what its document alone carries there.
          const [html, data] = await Promise.all([render(path, pageContextOf(showing)), render(dataPathOf(path), pageContextOf(showing))]);
          if (html.status !== 200 || data.status !== 200) throw new Error(`${path} answered ${html.status} and its data ${data.status}`);
          return [path, { html: html.text, data: data.text }];
        }),
      );
      staged.set(kind, { content, others, pages });
    });
    services.siteContent.prepareWith(kind, async (content) => {
      const ready = staged.get(kind);
      staged.delete(kind);
      // At its moment, what was rendered ahead changes places, unless something else changed since.
      if (ready?.content === content && othersThan(kind).every((other, index) => other === ready.others[index])) {
        for (const [path, page] of ready.pages) files.putPage(path, page);
        return;
      }
      for (const path of paths) files.removePage(path);
      await Promise.all(
        paths.map(async (path) => {
          try {
            const [html, data] = await Promise.all([render(path), render(dataPathOf(path))]);
            if (html.status !== 200 || data.status !== 200) throw new Error(`it answered ${html.status} and its data ${data.status}`);
            // Only if no newer content arrived while it rendered.
            if (services.siteContent.content(kind) === content) files.putPage(path, { html: html.text, data: data.text });
          } catch (error) {
            log.error(`Site content: could not prepare ${path}; it is rendered per request until it changes:`, error);
          }
        }),
      );
    });
  }
  // At a start, only what differs from the build's prerendered pages: those are SPEC.md's, stamped for this site.
  return services.siteContent.prepare(services.siteContent.changedSinceBuild());
}
