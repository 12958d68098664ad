import { createContext as createReactContext, useContext } from "react";
import { createContext } from "react-router";
import { analyticsScript } from "#app/lib/analytics.ts";

/**
 * Pages prerendered at build are the same for every visitor: they carry no CSP
 * nonce (the server allows their inline scripts by hash), and the runtime
 * settings they show are placeholders the server stamps over once at start
 * (server/http/static.ts).
 *
 * The values these settings have while pages are prerendered (react-router.config.ts),
 * each unlikely to occur in a page by chance and valid for its setting's schema.
 * The server replaces them with the settings' real values, so changing one needs no rebuild.
 */
export const buildStamps = {
  SITE_URL: "https://build-time-site-url.invalid",
  INTRO_VIDEO_ID: "zzBuildVid0",
  GA_MEASUREMENT_ID: "G-BUILDSTAMP0",
} as const;

export type StampedSetting = keyof typeof buildStamps;

/** The settings a prerendered page is stamped with; analytics is off without a measurement id. */
export type StampedSettings = Record<Exclude<StampedSetting, "GA_MEASUREMENT_ID">, string> & { GA_MEASUREMENT_ID?: string | undefined };

/** Sets the placeholders as the process's settings, for prerendering. */
export function applyBuildStamps(env: Record<string, string | undefined>): void {
  for (const [name, placeholder] of Object.entries(buildStamps)) env[name] = placeholder;
}

/** Replaces the build's placeholders in a prerendered page (or its data) with this process's settings. */
export function stamp(text: string, settings: StampedSettings): string {
  return (
    text
      // The analytics script as a whole: without a measurement id it is empty, not a tag for no one.
      .replaceAll(analyticsScript(buildStamps.GA_MEASUREMENT_ID), analyticsScript(settings.GA_MEASUREMENT_ID))
      .replaceAll(buildStamps.SITE_URL, settings.SITE_URL)
      .replaceAll(buildStamps.INTRO_VIDEO_ID, settings.INTRO_VIDEO_ID)
  );
}

/** The nonce of the current response, set by the server for pages it renders per request; empty (none) when prerendered. */
export const cspNonceContext = createContext<string>("");

/** What the server entry hands the document as it renders it; nothing in the browser. */
export interface ServerDocument {
  /** The response's CSP nonce; none for a prerendered page. */
  nonce: string | undefined;
  /** The analytics inline script for the process's settings (app/lib/analytics.ts). */
  analyticsScript: string;
}

export const ServerDocumentContext = createReactContext<ServerDocument | undefined>(undefined);

/** The nonce for the document's inline scripts. */
export function useNonce(): string | undefined {
  return useContext(ServerDocumentContext)?.nonce;
}

/** The analytics inline script: written by the server only, so empty in the browser (hydration keeps the server's). */
export function useAnalyticsScript(): string {
  return useContext(ServerDocumentContext)?.analyticsScript ?? "";
}
