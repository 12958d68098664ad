import type { RequestHandler } from "express";
import type { Env } from "#server/env.ts";

/** A host name or address with an optional port, as a Host header carries it (nothing that could bend a URL). */
const HOST_PATTERN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

function firstValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(",")[0]?.trim() || undefined;
}

/**
 * The scheme and host the visitor's browser used, for every request, before
 * anything reads them. Behind a proxy the app is reached over plain HTTP by
 * the proxy, while the browser posts from `https://host` and says so in its
 * Origin header: React Router (which builds `request.url` from Express's
 * `req.protocol` and Host) and our own cross-site check must see the same
 * origin the browser does, or every form post is refused.
 *
 * With TRUST_PROXY set, the proxy's X-Forwarded-Proto and X-Forwarded-Host
 * are believed (deploy/nginx/locations.conf sends both), falling back to the
 * Host header and SITE_URL's scheme. Without it no proxy header is believed;
 * the scheme is SITE_URL's (the app speaks plain HTTP only, so an https
 * SITE_URL means a TLS proxy in front). A Host that is not a host name is
 * replaced by SITE_URL's, so no request URL can be bent by it.
 */
export function visitorOrigin(settings: Pick<Env, "SITE_URL" | "TRUST_PROXY">): RequestHandler {
  const site = new URL(settings.SITE_URL);
  const siteScheme = site.protocol.slice(0, -1);
  const trusted = settings.TRUST_PROXY !== "none";
  const validHost = (candidate: string | undefined): candidate is string => Boolean(candidate && HOST_PATTERN.test(candidate));

  return (req, _res, next) => {
    const forwardedProto = trusted ? firstValue(req.headers["x-forwarded-proto"])?.toLowerCase() : undefined;
    const scheme = forwardedProto === "http" || forwardedProto === "https" ? forwardedProto : siteScheme;
    const forwardedHost = trusted ? firstValue(req.headers["x-forwarded-host"]) : undefined;
    const host = [forwardedHost, req.headers.host].find(validHost) ?? site.host;
    // Own properties shadow Express's getters (req.protocol, and req.hostname and req.secure, which read these).
    Object.defineProperty(req, "protocol", { value: scheme, configurable: true, enumerable: true });
    req.headers.host = host;
    next();
  };
}
