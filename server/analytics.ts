import { CONSENT_DEFAULTS } from "../app/lib/consent.ts";
import type { CspAllowances } from "./security.ts";

// The script at ANALYTICS_SCRIPT_PATH (app/lib/analytics.ts): empty without a GA_MEASUREMENT_ID,
// otherwise Consent Mode v2 defaults (all denied) followed by Google's tag.

/** A changed measurement id reaches returning visitors within this time. */
export const ANALYTICS_SCRIPT_MAX_AGE_S = 300;

const TAG_ORIGIN = "https://www.googletagmanager.com";
const COLLECT_ORIGINS = ["https://*.google-analytics.com", "https://*.analytics.google.com", TAG_ORIGIN];

/**
 * How long Google's tag holds its first hits for the visitor's saved choice,
 * which the banner re-applies once the page is interactive.
 */
const WAIT_FOR_SAVED_CHOICE_MS = 500;

/** The script at ANALYTICS_SCRIPT_PATH. */
export function analyticsScript(measurementId: string | undefined): string {
  if (!measurementId) return "/* Analytics is off: GA_MEASUREMENT_ID is not set. */\n";
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

/** Adds what Google's tag needs to the Content-Security-Policy when analytics is on. */
export function withAnalytics(allow: CspAllowances, measurementId: string | undefined): CspAllowances {
  if (!measurementId) return allow;
  return {
    ...allow,
    script: [...allow.script, TAG_ORIGIN],
    connect: [...allow.connect, ...COLLECT_ORIGINS],
    img: [...allow.img, ...COLLECT_ORIGINS],
  };
}
