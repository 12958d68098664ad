import { captchaWidgetConfig, issueFormToken } from "./bot-check.server";
import type { FormPageData } from "./captcha-config";

/** What a page's loader hands its form: a fresh no-JavaScript form token and the captcha to show. */
export function formPageData(): FormPageData {
  return { formToken: issueFormToken(), captcha: captchaWidgetConfig() };
}
