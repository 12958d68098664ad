import { captchaWidgetConfig as widgetConfig, type CaptchaWidgetConfig } from "../../server/captcha";
import { issueFormToken as issue } from "../../server/captcha/form-token";
import { leadServices } from "../../server/leads/services";

/**
 * A fresh signed form token for a page holding a form: its loader renders it
 * into the form's hidden `botFields.formToken` field, so a post without
 * JavaScript can prove it came from a page we rendered (3 s to a day earlier).
 */
export function issueFormToken(): string {
  return issue(leadServices().secrets.formToken);
}

/** Which captcha the form shows and how (no secrets). */
export function captchaWidgetConfig(): CaptchaWidgetConfig {
  return widgetConfig(leadServices().settings);
}
