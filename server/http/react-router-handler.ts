import type { IncomingMessage } from "node:http";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { createRequestHandler, matchRoutes, type RouteObject, type RouterContextProvider, type ServerBuild } from "react-router";
import { MAX_BODY_BYTES } from "#server/http/request.ts";
import { log } from "#server/log.ts";
import { NO_STORE } from "#app/lib/cache-control.ts";

// Differs from @react-router/express: the visitor's URL (for the origin check), bodies limited, 405 without an action.

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

/** Never flushes the compressor between chunks: a brotli block per chunk cost a page its first round trip (decision 0023). */
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
  // A route's header replaces the server's default of that name; cookies add up.
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

function postHasAction(build: ServerBuild, tree: RouteObject[], url: URL): boolean {
  const path = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  const matches = matchRoutes(tree, path) ?? [];
  const wantsIndex = url.searchParams.has("index");
  const target = [...matches].reverse().find((match) => wantsIndex || !match.route.index);
  return Boolean(target && build.routes[target.route.id!]?.module.action);
}

/** Bounded, so random paths cannot grow it. */
const MAX_REMEMBERED_POST_PATHS = 256;

/** React Router's matching flattens the whole route tree on every call. */
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

/** `context`: this page's own, in place of the renderer's (a preview's content). */
export type PageRenderer = (path: string, context?: RouterContextProvider) => Promise<{ status: number; text: string }>;

/** Renders pages with a context of the server's own (no visitor, no nonce), as the prerender does. */
export function pageRenderer(options: {
  build: () => Promise<ServerBuild>;
  siteUrl: string;
  context: () => RouterContextProvider;
}): PageRenderer {
  let handle: ReturnType<typeof createRequestHandler> | undefined;
  return async (path, context = options.context()) => {
    handle ??= createRequestHandler(await options.build(), "production");
    const response = await handle(new Request(new URL(path, options.siteUrl)), context);
    return { status: response.status, text: await response.text() };
  };
}

export function reactRouterHandler(options: {
  build: () => Promise<ServerBuild>;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider;
  mode: "development" | "production";
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
