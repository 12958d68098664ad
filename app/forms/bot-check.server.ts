import { captchaWidgetConfig as widgetConfig, type CaptchaWidgetConfig } from "../../server/captcha";
import { issueFormToken as issue } from "../../server/captcha/form-token";
import { loadMasterKey, siteSecrets } from "../../server/captcha/keys";
import { env } from "../../server/env";

let formTokenSecret: Buffer | undefined;

/**
 * A fresh signed form token for a page holding a form: its loader renders it
 * into the form's hidden `botFields.formToken` field, so a post without
 * JavaScript can prove it came from a page we rendered (3 s to a day earlier).
 * Needs only the settings and the key, so pages render even where the lead
 * pipeline is not running (build scripts).
 */
export function issueFormToken(): string {
  formTokenSecret ??= siteSecrets(loadMasterKey(env())).formToken;
  return issue(formTokenSecret);
}

/** Which captcha the form shows and how (no secrets). */
export function captchaWidgetConfig(): CaptchaWidgetConfig {
  return widgetConfig(env());
}
