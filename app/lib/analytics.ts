import { CONSENT_DEFAULTS } from "#app/lib/consent.ts";

/**
 * Google Analytics 4, only when GA_MEASUREMENT_ID is set: the inline script in
 * every public page's head (decision 0023). Prerendered pages carry it for a
 * placeholder id, and the server stamps it at start with the script for its
 * own setting (build-stamps.ts), so the setting needs no rebuild.
 */

export const TAG_ORIGIN = "https://www.googletagmanager.com";

/**
 * How long Google's tag holds its first hits for the visitor's saved choice,
 * which the banner's script applies when it runs, at the end of the body.
 */
const WAIT_FOR_SAVED_CHOICE_MS = 500;

/** Consent Mode v2 defaults (all denied), then Google's tag; nothing at all without a measurement id. */
export function analyticsScript(measurementId: string | undefined): string {
  if (!measurementId) return "";
  const id = JSON.stringify(measurementId);
  const defaults = JSON.stringify({ ...CONSENT_DEFAULTS, wait_for_update: WAIT_FOR_SAVED_CHOICE_MS });
  const tagUrl = JSON.stringify(`${TAG_ORIGIN}/gtag/js?id=${encodeURIComponent(measurementId)}`);
  return `window.dataLayer = window.dataLayer || [];
function gtag() { dataLayer.push(arguments); }
// Nothing is stored or personalised until the visitor agrees in the cookie banner.
gtag("consent", "default", ${defaults});
gtag("js", new Date());
gtag("config", ${id});
(function () {
  var tag = document.createElement("script");
  tag.async = true;
  tag.src = ${tagUrl};
  document.head.appendChild(tag);
})();
`;
}
