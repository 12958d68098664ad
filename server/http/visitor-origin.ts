import type { RequestHandler } from "express";
import type { Env } from "#server/env.ts";

const HOST_PATTERN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

function firstValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(",")[0]?.trim() || undefined;
}

/** React Router and our cross-site check must see the origin the browser used, or every post behind a TLS proxy is refused (decision 0012). */
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
