import { createContext, useContext } from "react";
import { createContext as createRouterContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";

/**
 * Data a document carries once (decisions 0026, 0052): an article's body, the
 * pricing's groups. The page's HTML already shows it inside an adopted
 * section, and the data the page hydrates with would carry it again, escaped
 * so that brotli shares little of it, pushing the page past its first round
 * trip (decision 0023). So for a document request the loader files it in the
 * request's context, where the server entry finds it for the render
 * (DocumentOnlyContext), and leaves it out of its data; for a client
 * navigation's data request (`.data`) it returns it.
 */

/** What loaders filed for the document being rendered, by route id. */
const filed = createRouterContext<Map<string, unknown> | null>(null);

/** What a loader returns for such data: in its data for a data request, nothing (the value filed) for a document. */
export function documentOnly<T>(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  routeId: string,
  value: T,
): { documentOnly?: T } {
  // Loaders see the request as it came: a client navigation asks for the page's `.data`.
  if (new URL(request.url).pathname.endsWith(".data")) return { documentOnly: value };
  let values = context.get(filed);
  if (!values) context.set(filed, (values = new Map()));
  values.set(routeId, value);
  return {};
}

const PRERENDER_DATA_HEADER = "X-React-Router-Prerender-Data";

/**
 * The build renders a prerendered page from the data it fetched for the page's `.data` file, without
 * calling the loaders again, where that data is under 8 KB (React Router's prerender): the page would
 * carry its document-only data in its hydration data, until it is prepared again after a save. Without
 * the header, the loaders run for the document, as they do when a page is prepared at run time.
 */
export const loadersRunForEachPrerenderedDocument: MiddlewareFunction<Response> = ({ request }, next) => {
  if (request.headers.has(PRERENDER_DATA_HEADER)) request.headers.delete(PRERENDER_DATA_HEADER);
  return next();
};

/** For the server entry: what this document's loaders filed. */
export function filedDocumentData(context: Readonly<RouterContextProvider>): ReadonlyMap<string, unknown> {
  return context.get(filed) ?? new Map();
}

export const DocumentOnlyContext = createContext<ReadonlyMap<string, unknown>>(new Map());

/**
 * The route's document-only data: from its data after a client navigation, from
 * the server entry while the server renders the document. While the document
 * hydrates there is none (undefined): what shows it must be adopted as the
 * server wrote it (StaticHtml, or dangerouslySetInnerHTML, which React never
 * compares when hydrating and sets only when the string changes).
 */
export function useDocumentOnly<T>(routeId: string, fromData: T | undefined): T | undefined {
  const values = useContext(DocumentOnlyContext);
  return fromData ?? (values.get(routeId) as T | undefined);
}
