import { createContext as createReactContext, useContext } from "react";
import { createContext } from "react-router";

/**
 * Pages prerendered at build cannot know what each response needs, so they carry
 * placeholders that the server stamps over (server/static.ts): the CSP nonce on
 * every response, the site's address once at start.
 */
export const NONCE_PLACEHOLDER = "__CSP_NONCE__";

/** The SITE_URL the build runs with (package.json "build"), replaced by the real one when served. */
export const BUILD_SITE_URL = "https://build-time-site-url.invalid";

/** The nonce of the current response, set by the server for pages it renders per request. */
export const cspNonceContext = createContext<string>(NONCE_PLACEHOLDER);

/** Hands the nonce from the server entry to the document's inline scripts. */
export const NonceContext = createReactContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
