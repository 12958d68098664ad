import { createContext as createReactContext, useContext } from "react";
import { createContext } from "react-router";

/**
 * Stands in for the CSP nonce in HTML prerendered at build; the server replaces
 * it with each response's own nonce (server/static.ts).
 */
export const NONCE_PLACEHOLDER = "__CSP_NONCE__";

/** The nonce of the current response, set by the server for pages it renders per request. */
export const cspNonceContext = createContext<string>(NONCE_PLACEHOLDER);

/** Hands the nonce from the server entry to the document's inline scripts. */
export const NonceContext = createReactContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
