import type { RequestHandler } from "express";
import { isCrossSite } from "#server/http/request.ts";
import { log } from "#server/log.ts";
import type { Newsletter } from "#server/newsletter/subscribers.ts";
import { NO_STORE } from "#app/lib/cache-control.ts";

/** Answers a webmail's cross-site one-click POST before the cross-site refusal would; the signed link is the authority. */
export function oneClickFromAnotherSite(siteUrl: string, newsletter: Newsletter): RequestHandler {
  return async (req, res, next) => {
    const crossSite = isCrossSite(
      { origin: req.get("origin"), fetchSite: req.get("sec-fetch-site") },
      siteUrl,
      `${req.protocol}://${req.get("host")}`,
    );
    if (!crossSite) return next();
    try {
      const found = await newsletter.leave(String(req.params.token), "one-click");
      res
        .status(found.state === "invalid" ? 404 : 200)
        .type("text/plain")
        .setHeader("Cache-Control", NO_STORE);
      res.send(found.state === "invalid" ? "This unsubscribe link is not valid." : "Unsubscribed.");
    } catch (error) {
      log.error("Could not unsubscribe from a one-click post:", error);
      next(error);
    }
  };
}
