import type { IncomingMessage } from "node:http";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { createRequestHandler, matchRoutes, type RouteObject, type RouterContextProvider, type ServerBuild } from "react-router";
import { MAX_BODY_BYTES } from "#server/http/request.ts";
import { log } from "#server/log.ts";
import { NO_STORE } from "#app/lib/cache-control.ts";

/**
 * Express to React Router, as @react-router/express does it, with three
 * differences that keep one request from costing the others:
 * - the request's URL is the one the visitor used (server/http/visitor-origin.ts
 *   has set req.protocol and Host), so React Router's origin check agrees with
 *   the browser's Origin header behind a TLS proxy;
 * - its body is read at most MAX_BODY_BYTES far (farther only where `bodyLimit`
 *   says: the article editor's uploads), and a refused body never destroys the
 *   connection before the answer is out (the guard closes it after);
 * - a post to a page without an action is answered 405 here, in one log line,
 *   instead of by React Router's error page and a stack trace.
 */

/** A request body's bytes as the Fetch API reads them, ending in an error once they pass `limit`. */
function limitedBody(req: IncomingMessage, limit: number): ReadableStream<Uint8Array> {
  let size = 0;
  let settled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.on("data", (chunk: Buffer) => {
        if (settled) return;
        size += chunk.byteLength;
        if (size > limit) {
          settled = true;
          req.pause();
          controller.error(new RangeError(`request body over ${limit} bytes`));
          return;
        }
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 1) <= 0) req.pause();
      });
      req.once("end", () => {
        if (settled) return;
        settled = true;
        controller.close();
      });
      req.once("error", (error) => {
        if (settled) return;
        settled = true;
        controller.error(error);
      });
    },
    pull() {
      req.resume();
    },
    cancel() {
      // Not req.destroy(): the answer (413) has yet to be written to this connection.
      settled = true;
      req.pause();
    },
  });
}

function fetchRequest(req: ExpressRequest, res: ExpressResponse, bodyLimit: number): Request {
  const url = new URL(`${req.protocol}://${req.headers.host}${req.originalUrl}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const controller = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(url, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: limitedBody(req, bodyLimit), duplex: "half" } : {}),
  } as RequestInit);
}

/** Until the response can take more, or is gone. */
function drained(res: ExpressResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
}

/**
 * A body to the visitor as it comes, minding back-pressure. Unlike
 * @react-router/node's writer, it never flushes the compressor between chunks:
 * a document arrives whole from React (entry.server.tsx waits for all of it),
 * and a brotli block ended at each of its chunks cost /blog 650 bytes and its
 * first round trip (decision 0023).
 */
async function writeBody(body: ReadableStream<Uint8Array>, res: ExpressResponse): Promise<void> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (res.destroyed) {
        await reader.cancel();
        return;
      }
      if (done) {
        res.end();
        return;
      }
      if (!res.write(value)) await drained(res);
    }
  } finally {
    reader.releaseLock();
  }
}

async function send(res: ExpressResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  // A route's header replaces the server's default of that name (a private page's stricter
  // Referrer-Policy, server/http/security.ts); cookies add up.
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") res.append(name, value);
    else res.setHeader(name, value);
  }
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeBody(response.body, res);
  } catch (error) {
    if (!res.destroyed && !res.writableEnded) throw error;
  }
}

/** The route tree of a build, for matching a path without React Router's handler (here, and the metrics' route patterns). */
export function routeTree(build: ServerBuild, parentId?: string): RouteObject[] {
  return Object.values(build.routes)
    .filter((route) => route?.parentId === parentId)
    .map(
      (route) =>
        ({
          id: route!.id,
          path: route!.path,
          index: route!.index,
          caseSensitive: route!.caseSensitive,
          children: routeTree(build, route!.id),
        }) as RouteObject,
    );
}

/** Whether a post to this path reaches an action: the deepest matching route's (an index route's only with ?index). */
function postHasAction(build: ServerBuild, tree: RouteObject[], url: URL): boolean {
  const path = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  const matches = matchRoutes(tree, path) ?? [];
  const wantsIndex = url.searchParams.has("index");
  const target = [...matches].reverse().find((match) => wantsIndex || !match.route.index);
  return Boolean(target && build.routes[target.route.id!]?.module.action);
}

/** Posts go to a few form pages: each path's answer is kept, in a bounded map (random paths cannot grow it). */
const MAX_REMEMBERED_POST_PATHS = 256;

/** postHasAction, remembered per path: React Router's matching flattens the whole route tree on every call. */
function actionAt(cached: { build: ServerBuild; tree: RouteObject[]; hasAction: Map<string, boolean> }, url: URL): boolean {
  const key = url.searchParams.has("index") ? `${url.pathname}?index` : url.pathname;
  let answer = cached.hasAction.get(key);
  if (answer === undefined) {
    answer = postHasAction(cached.build, cached.tree, url);
    if (cached.hasAction.size >= MAX_REMEMBERED_POST_PATHS) cached.hasAction.clear();
    cached.hasAction.set(key, answer);
  }
  return answer;
}

/** A page of the app as a request for it would be answered, for the server's own use. */
export type PageRenderer = (path: string) => Promise<{ status: number; text: string }>;

/**
 * Renders pages through the app with a context of the server's own (no
 * visitor, no CSP nonce, as the prerender at build): pages the server prepares
 * after start (server/articles/prepared-pages.ts).
 */
export function pageRenderer(options: {
  build: () => Promise<ServerBuild>;
  siteUrl: string;
  context: () => RouterContextProvider;
}): PageRenderer {
  let handle: ReturnType<typeof createRequestHandler> | undefined;
  return async (path) => {
    handle ??= createRequestHandler(await options.build(), "production");
    const response = await handle(new Request(new URL(path, options.siteUrl)), options.context());
    return { status: response.status, text: await response.text() };
  };
}

export function reactRouterHandler(options: {
  build: () => Promise<ServerBuild>;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider;
  mode: "development" | "production";
  /** How far a post to this path is read, where it is not MAX_BODY_BYTES (a post with a file, which its action streams). */
  bodyLimit?: (path: string) => number | undefined;
}): RequestHandler {
  let cached:
    | { build: ServerBuild; tree: RouteObject[]; handle: ReturnType<typeof createRequestHandler>; hasAction: Map<string, boolean> }
    | undefined;
  return async (req, res, next) => {
    try {
      if (!cached || options.mode === "development") {
        const build = await options.build();
        cached = { build, tree: routeTree(build), handle: createRequestHandler(build, options.mode), hasAction: new Map() };
      }
      const request = fetchRequest(req, res, options.bodyLimit?.(req.path) ?? MAX_BODY_BYTES);
      if (req.method === "POST" && !actionAt(cached, new URL(request.url))) {
        log.info(`405: POST ${req.path.slice(0, 200)} (no form here)`);
        res.status(405).setHeader("Allow", "GET, HEAD").type("text/plain").setHeader("Cache-Control", NO_STORE);
        res.send("Method Not Allowed");
        return;
      }
      await send(res, await cached.handle(request, options.getLoadContext(req, res)));
    } catch (error) {
      next(error);
    }
  };
}
