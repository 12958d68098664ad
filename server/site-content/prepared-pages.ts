import { RouterContextProvider, type ServerBuild } from "react-router";
import { pageMeta } from "#app/content/page-meta.ts";
import { servicePath, serviceSlugs } from "#app/content/services.ts";
import type { StaticFiles } from "#server/http/static.ts";
import { pageRenderer } from "#server/http/react-router-handler.ts";
import { log } from "#server/log.ts";
import { type SiteServices, servicesContext } from "#server/services.ts";

/** The pages that show pricing: prerendered at build from SPEC.md's, prepared again from the records. */
export const pricingPagePaths = [pageMeta.pricing.path, ...serviceSlugs.map(servicePath)];

/**
 * The pages showing site content served as prepared files, as the build's
 * prerendered pages are (docs/decisions/0052, as articles' in 0039): rendered
 * once through the app when the content changes, never per request. While a
 * page renders the old one is not served: per request it is already the new.
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
  const context = () => {
    const provider = new RouterContextProvider();
    provider.set(servicesContext, services);
    return provider;
  };
  const render = pageRenderer({ build, siteUrl, context });
  services.siteContent.prepareWith(async (pricing) => {
    for (const path of pricingPagePaths) files.removePage(path);
    await Promise.all(
      pricingPagePaths.map(async (path) => {
        try {
          const [html, data] = await Promise.all([render(path), render(`${path}.data`)]);
          if (html.status !== 200 || data.status !== 200) throw new Error(`it answered ${html.status} and its data ${data.status}`);
          // Only if no newer content arrived while it rendered.
          if (services.siteContent.pricing() === pricing) files.putPage(path, { html: html.text, data: data.text });
        } catch (error) {
          log.error(`Site content: could not prepare ${path}; it is rendered per request until it changes:`, error);
        }
      }),
    );
  });
  return services.siteContent.prepare();
}
