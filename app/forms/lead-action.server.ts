import { data } from "react-router";
import type { LeadResult } from "./lead-result";
import type { FormKey } from "./form-keys";
export type { FormKey } from "./form-keys";

/**
 * The action of a page that holds a form: runs the lead pipeline for that form.
 * Until the pipeline lands (issue 4) posts are refused rather than dropped silently.
 */
export function leadAction(form: FormKey) {
  return async () =>
    data<LeadResult>({ ok: false, form, title: "Error", message: "Forms are not accepting submissions yet." }, { status: 503 });
}
