/** What the markup and the script agree on. */
export const consentDom = {
  banner: "cookie-banner",
  dialog: "cookie-settings",
  form: "cookie-settings-form",
  choice: "data-consent-choice",
  openSettings: "data-consent-settings",
  /** A Cookie Settings switch: its value names the category. */
  category: "data-consent-category",
  /** Shown only when the browser sends Global Privacy Control. */
  gpcNote: "data-consent-gpc",
} as const;
