/** What the markup and the script agree on: ids and data attributes. */
export const consentDom = {
  banner: "cookie-banner",
  dialog: "cookie-settings",
  form: "cookie-settings-form",
  /** A button that makes a choice: its value is "accept" or "reject". */
  choice: "data-consent-choice",
  /** A button that opens Cookie Settings. */
  openSettings: "data-consent-settings",
  /** A Cookie Settings switch: its value names the category. */
  category: "data-consent-category",
  /** Shown only when the browser sends Global Privacy Control. */
  gpcNote: "data-consent-gpc",
} as const;
