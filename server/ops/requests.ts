import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import { matchRoutes, type ServerBuild } from "react-router";
import type { Env } from "#server/env.ts";
import { routeTree } from "#server/http/react-router-handler.ts";
import { ALLOWED_METHODS, MAX_PATH_BYTES, MAX_PATH_SEGMENTS } from "#server/http/request-guard.ts";
import { log, withRequestId } from "#server/log.ts";
import { httpRequestSeconds } from "#server/ops/metrics.ts";

/** Sent back with every answer, and the `reqId` of every log line written while it was made. */
const REQUEST_ID_HEADER = "X-Request-Id";

/** An id a trusted proxy hands on (nginx's $request_id, a UUID, a load balancer's trace id): nothing that could bend a log line. */
const FORWARDED_ID = /^[\w.:-]{8,128}$/;

/** Paths answered are few; a stranger's random ones must not grow the map of their patterns without end. */
const MAX_REMEMBERED_PATHS = 512;

/** Where the build's hashed files and social cards are: one pattern each, never a file name. */
const FILE_PREFIXES = ["/assets/", "/og/"];

/**
 * The route pattern of a path (/blog/:slug), the label of its metrics: never
 * the path itself, which anyone can make up. Express routes name their own
 * (req.route); the rest are matched against React Router's route tree, once
 * per path (a bounded map). A path the guard refuses as absurd is not matched
 * at all (matching grows with the square of its segments); an unknown one is
 * the not-found route's "/*".
 */
export function routePatterns(build: ServerBuild): (path: string) => string {
  const tree = routeTree(build);
  const known = new Map<string, string>();
  return (path) => {
    const remembered = known.get(path);
    if (remembered !== undefined) return remembered;
    if (Buffer.byteLength(path) > MAX_PATH_BYTES || path.split("/").length - 1 > MAX_PATH_SEGMENTS) return "refused";
    const prefix = FILE_PREFIXES.find((start) => path.startsWith(start));
    // A client navigation's data request is its page's (/_root.data is the home page's).
    const page = path === "/_root.data" ? "/" : path.replace(/\.data$/, "");
    const pattern = prefix
      ? `${prefix}*`
      : `/${(matchRoutes(tree, page) ?? [])
          .map((match) => match.route.path)
          .filter(Boolean)
          .join("/")}`;
    if (known.size >= MAX_REMEMBERED_PATHS) known.clear();
    known.set(path, pattern);
    return pattern;
  };
}

/**
 * The first of the server's steps, for every request: its id (the trusted
 * proxy's X-Request-Id with TRUST_PROXY set, else a new one), sent back in
 * the answer's X-Request-Id and carried by every log line written meanwhile
 * (server/log.ts); when the answer is out, its time in the metrics by route
 * pattern, method and status, and one line in the log (`info` for a post
 * taken, `debug` for the rest: reads are many, and a refusal has its own line).
 */
export function requestObserver(settings: Pick<Env, "TRUST_PROXY">, patternOf: (path: string) => string): RequestHandler {
  const trusted = settings.TRUST_PROXY !== "none";
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const forwarded = trusted ? req.headers["x-request-id"] : undefined;
    const id = typeof forwarded === "string" && FORWARDED_ID.test(forwarded) ? forwarded : randomUUID();
    res.setHeader(REQUEST_ID_HEADER, id);
    res.once("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const method = ALLOWED_METHODS.includes(req.method) ? req.method : "other";
      const routePath: unknown = req.route?.path;
      const route = typeof routePath === "string" ? routePath : patternOf(req.path);
      const status = res.statusCode;
      httpRequestSeconds.observe({ route, method, status }, seconds);
      // A post taken is what the server did; a refusal was logged by whoever refused it, and reads are many.
      const level = method === "POST" && status < 400 ? "info" : "debug";
      if (!log.enabled(level)) return;
      const ms = Math.round(seconds * 10_000) / 10;
      withRequestId(id, () => log.event(level, { method, route, status, ms }, `${method} ${route} ${status} in ${ms} ms`));
    });
    withRequestId(id, next);
  };
}
