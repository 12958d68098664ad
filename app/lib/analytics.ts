/**
 * Google Analytics 4, only when GA_MEASUREMENT_ID is set. Prerendered pages are
 * built before the setting is known, so every page loads one small same-origin
 * script that the server writes from its settings at run time (server/analytics.ts).
 */
export const ANALYTICS_SCRIPT_PATH = "/consent-config.js";
