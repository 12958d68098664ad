import type { SiteServices } from "#server/services.ts";
import type { ContentKind, SiteContent } from "#server/site-content/kinds.ts";

/**
 * The services with `kind`'s content as `content` in place of what shows now, for rendering a page as it
 * will be (an add-on's time to come) or as an edit not saved would make it (a preview).
 */
export function servicesShowing<K extends ContentKind>(services: SiteServices, kind: K, content: SiteContent[K]): SiteServices {
  const siteContent = new Proxy(services.siteContent, {
    get(target, property) {
      if (property === "content") return (asked: ContentKind) => (asked === kind ? content : target.content(asked));
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { ...services, siteContent };
}
