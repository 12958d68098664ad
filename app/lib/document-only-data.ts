import { createContext, useContext } from "react";
import { createContext as createRouterContext, type RouterContextProvider } from "react-router";

/**
 * HTML a document carries once (decision 0026). An article's body is in the
 * page's HTML; the data the page hydrates with would carry it again, escaped
 * so that brotli shares little of it, and push
 * the longest article past its first round trip (decision 0023). So for a document request the
 * loader files such HTML in the request's context, where the server entry
 * finds it for the render (DocumentOnlyHtmlContext), and leaves it out of its
 * data; for a client navigation's data request (`.data`) it returns it.
 */

/** The HTML loaders filed for the document being rendered, by route id. */
const filedHtml = createRouterContext<Map<string, string> | null>(null);

/** What a loader returns for the HTML: in its data for a data request, nothing (the HTML filed) for a document. */
export function documentOnlyHtml(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  routeId: string,
  html: string,
): { documentOnlyHtml?: string } {
  // Loaders see the request as it came: a client navigation asks for the page's `.data`.
  if (new URL(request.url).pathname.endsWith(".data")) return { documentOnlyHtml: html };
  let filed = context.get(filedHtml);
  if (!filed) context.set(filedHtml, (filed = new Map()));
  filed.set(routeId, html);
  return {};
}

/** For the server entry: the HTML this document's loaders filed. */
export function filedDocumentHtml(context: Readonly<RouterContextProvider>): ReadonlyMap<string, string> {
  return context.get(filedHtml) ?? new Map();
}

export const DocumentOnlyHtmlContext = createContext<ReadonlyMap<string, string>>(new Map());

/**
 * The route's HTML: from its data after a client navigation, from the server
 * entry while the server renders the document. While the document hydrates
 * there is none, and React keeps the element's HTML as the server wrote it: it
 * never compares dangerouslySetInnerHTML when hydrating, and sets it only when
 * the string changes.
 */
export function useDocumentOnlyHtml(routeId: string, fromData: string | undefined): string {
  const filed = useContext(DocumentOnlyHtmlContext);
  return fromData ?? filed.get(routeId) ?? "";
}
