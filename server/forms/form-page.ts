import type { FormPageData } from "#app/forms/captcha-config.ts";
import { type Attribution, isCampaign, touchOf } from "#app/lib/attribution.ts";
import { captchaWidgetConfig } from "#server/captcha/index.ts";
import { issueFormToken } from "#server/captcha/form-token.ts";
import type { LoaderFunctionArgs } from "react-router";
import type { CoreServices } from "#server/core-services.ts";
import { servicesOf } from "#server/services.ts";

/**
 * What a page's loader hands its form: a fresh signed form token, rendered into
 * the form's hidden `botFields.formToken` field so a post without JavaScript can
 * prove it came from a page we rendered (3 s to a day earlier), which captcha
 * to show (no secrets), and the visit as the server sees it (the page's
 * campaign parameters and referrer, never click ids: the server cannot know
 * the visitor's cookie choice), for a post without JavaScript.
 */
export function formPageData({ settings, secrets }: CoreServices, request: Request): FormPageData {
  return {
    formToken: issueFormToken(secrets.formToken),
    captcha: captchaWidgetConfig(settings),
    attribution: JSON.stringify(serverSeenAttribution(request, settings.SITE_URL)),
  };
}

function serverSeenAttribution(request: Request, siteUrl: string): Attribution {
  const touch = touchOf(new URL(request.url), request.headers.get("referer"), new Date(), [new URL(siteUrl).origin]);
  const visit = { ...touch, clickIds: {} };
  const campaign = isCampaign(visit) ? visit : null;
  return { visit, first: campaign, last: campaign, marketing: false };
}

/** The loader of a page whose only data is its form's. */
export function formPageLoader({ context, request }: LoaderFunctionArgs): { formPage: FormPageData } {
  return { formPage: formPageData(servicesOf(context), request) };
}
