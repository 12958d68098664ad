import { CONSENT_DEFAULTS } from "#app/lib/consent.ts";
import savedConsentScript from "#app/before-react/saved-consent-page-script.ts?inline-script";

/**
 * Google Analytics 4, only when GA_MEASUREMENT_ID is set: the inline script in
 * every public page's head (decision 0023). Prerendered pages carry it for a
 * placeholder id, and the server stamps it at start with the script for its
 * own setting (build-stamps.ts), so the setting needs no rebuild.
 */

export const TAG_ORIGIN = "https://www.googletagmanager.com";

/**
 * Consent Mode v2 defaults (all denied), the visitor's saved choice, then
 * Google's tag; nothing at all without a measurement id.
 */
export function analyticsScript(measurementId: string | undefined): string {
  if (!measurementId) return "";
  const id = JSON.stringify(measurementId);
  const defaults = JSON.stringify(CONSENT_DEFAULTS);
  const tagUrl = JSON.stringify(`${TAG_ORIGIN}/gtag/js?id=${encodeURIComponent(measurementId)}`);
  return `window.dataLayer = window.dataLayer || [];
function gtag() { dataLayer.push(arguments); }
// Nothing is stored or personalised until the visitor agrees in the cookie banner.
gtag("consent", "default", ${defaults});
${savedConsentScript}
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
