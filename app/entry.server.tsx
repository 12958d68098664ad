import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { analyticsScript } from "#app/lib/analytics.ts";
import { cspNonceContext, ServerDocumentContext } from "#app/lib/build-stamps.ts";
import { DocumentOnlyContext, filedDocumentData } from "#app/lib/document-only-data.ts";
import { inertHydrationScripts } from "#app/before-react/hydration-on-intent.server.ts";
import { env } from "#server/env.ts";
import { log } from "#server/log.ts";
import { NO_CACHE } from "#app/lib/cache-control.ts";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // None at build (prerender): the server allows a prerendered page's scripts by their hashes.
  const nonce = loadContext.get(cspNonceContext) || undefined;

  return new Promise<Response>((resolve, reject) => {
    let documentSent = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <ServerDocumentContext value={{ nonce, analyticsScript: analyticsScript(env().GA_MEASUREMENT_ID) }}>
        <DocumentOnlyContext value={filedDocumentData(loadContext)}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </DocumentOnlyContext>
      </ServerDocumentContext>,
      {
        nonce,
        // The whole document at once: every loader has finished before React renders (no page defers
        // data), so waiting for all costs nothing, and the page needs none of React's scripts that
        // move streamed parts into place.
        onAllReady() {
          documentSent = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", NO_CACHE);
          // The hydration scripts wait for the visitor's intent (hydration-on-intent.ts).
          pipe(inertHydrationScripts()).pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (documentSent) log.error("Rendering failed:", error);
        },
      },
    );
  });
}

/**
 * What React Router caught in a loader, action or render: one log line (with
 * the stack at LOG_LEVEL=debug); nothing for a visitor who left mid-request.
 * The visitor's answer never carries the stack (production mode).
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // React Router wraps its own refusals; the error inside says what happened.
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  const cause = inner ?? error;
  log.error(`${request.method} ${new URL(request.url).pathname}:`, cause);
}
