import type { FormPageData } from "../../app/forms/captcha-config.ts";
import { captchaWidgetConfig } from "../captcha/index.ts";
import { issueFormToken } from "../captcha/form-token.ts";
import type { CoreServices } from "../services.ts";

/**
 * What a page's loader hands its form: a fresh signed form token, rendered into
 * the form's hidden `botFields.formToken` field so a post without JavaScript can
 * prove it came from a page we rendered (3 s to a day earlier), and which
 * captcha to show (no secrets).
 */
export function formPageData({ settings, secrets }: CoreServices): FormPageData {
  return { formToken: issueFormToken(secrets.formToken), captcha: captchaWidgetConfig(settings) };
}
