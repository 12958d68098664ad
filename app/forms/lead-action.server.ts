import { data } from "react-router";

/** Every form the site receives; each page's action names its own. */
export type FormKey = "contact" | "audit" | "aiAssessment" | "newsletter" | "companyProfile" | "order";

/**
 * The action of a page that holds a form: runs the lead pipeline for that form.
 * Until the pipeline lands (issue 4) posts are refused rather than dropped silently.
 */
export function leadAction(form: FormKey) {
  return async () => data({ ok: false as const, form, message: "Forms are not accepting submissions yet." }, { status: 503 });
}
