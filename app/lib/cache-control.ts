/**
 * Every Cache-Control the site answers with, once: the server's files, the
 * pages and routes, the inbox. Shared because routes answer some of them.
 */

/** Hashed build assets never change under their name. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** Files that keep their name: checked with the server on each use (the ETag makes that a 304). */
export const REVALIDATE = "public, max-age=0, must-revalidate";
/** Pages: kept by the browser, asked again on every use. */
export const NO_CACHE = "no-cache";
/** robots.txt: an hour is soon enough (the feed and the sitemap revalidate: server/articles/feeds.ts). */
export const HOURLY = "public, max-age=3600";
/** What is one visitor's own (a form's answer, a link's state, the inbox, an error): never kept. */
export const NO_STORE = "no-store";

/** The headers of an answer that is never kept. */
export const noStoreHeaders = { "Cache-Control": NO_STORE } as const;

/**
 * A refusal for too many attempts (429) or a busy moment (503): never kept, and when to come back,
 * for people (the page says it too) and for clients that read the header.
 */
export function refusalHeaders(retryAfterSeconds: number | undefined): Record<string, string> {
  return retryAfterSeconds ? { ...noStoreHeaders, "Retry-After": String(Math.ceil(retryAfterSeconds)) } : { ...noStoreHeaders };
}

/**
 * A form page's headers (its route module's `headers` export, the only way
 * React Router sends them): its action's when it answers a post (no-store, a
 * refusal's Retry-After), else its loader's.
 */
export function answerHeaders({ actionHeaders, loaderHeaders }: { actionHeaders: Headers; loaderHeaders: Headers }): Headers {
  return [...actionHeaders.keys()].length ? actionHeaders : loaderHeaders;
}
