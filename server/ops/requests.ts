import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import { matchRoutes, type ServerBuild } from "react-router";
import type { Env } from "#server/env.ts";
import { routeTree } from "#server/http/react-router-handler.ts";
import { ALLOWED_METHODS, MAX_PATH_BYTES, MAX_PATH_SEGMENTS } from "#server/http/request-guard.ts";
import { log, withRequestId } from "#server/log.ts";
import { httpRequestSeconds } from "#server/ops/metrics.ts";

const REQUEST_ID_HEADER = "X-Request-Id";

/** Nothing that could bend a log line. */
const FORWARDED_ID = /^[\w.:-]{8,128}$/;

/** A stranger's random paths must not grow the map without end. */
const MAX_REMEMBERED_PATHS = 512;

const FILE_PREFIXES = ["/assets/", "/og/"];

/** Never the path itself, which anyone can make up; a path the guard refuses is not matched at all. */
export function routePatterns(build: ServerBuild): (path: string) => string {
  const tree = routeTree(build);
  const known = new Map<string, string>();
  return (path) => {
    const remembered = known.get(path);
    if (remembered !== undefined) return remembered;
    if (Buffer.byteLength(path) > MAX_PATH_BYTES || path.split("/").length - 1 > MAX_PATH_SEGMENTS) return "refused";
    const prefix = FILE_PREFIXES.find((start) => path.startsWith(start));
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

/** A post taken is logged at `info`; reads are many, and a refusal has its own line. */
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
      const level = method === "POST" && status < 400 ? "info" : "debug";
      if (!log.enabled(level)) return;
      const ms = Math.round(seconds * 10_000) / 10;
      withRequestId(id, () => log.event(level, { method, route, status, ms }, `${method} ${route} ${status} in ${ms} ms`));
    });
    withRequestId(id, next);
  };
}
