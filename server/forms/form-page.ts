import type { FormPageData } from "#app/forms/captcha-config.ts";
import { type Attribution, isCampaign, touchOf } from "#app/lib/attribution.ts";
import { captchaWidgetConfig } from "#server/captcha/index.ts";
import { issueFormToken } from "#server/captcha/form-token.ts";
import type { LoaderFunctionArgs } from "react-router";
import type { CoreServices } from "#server/core-services.ts";
import { servicesOf } from "#server/services.ts";

/** The signed form token lets a post without JavaScript prove it came from a page we rendered; never click ids, as the server cannot know the cookie choice. */
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

export function formPageLoader({ context, request }: LoaderFunctionArgs): { formPage: FormPageData } {
  return { formPage: formPageData(servicesOf(context), request) };
}
