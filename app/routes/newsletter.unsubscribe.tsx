import { data } from "react-router";
import { NewsletterLinkPage } from "#app/components/newsletter/link-page.tsx";
import { newsletterLinkMeta } from "#app/content/newsletter.ts";
import { leaveMethodOf, linkStatus } from "#server/newsletter/link-status.ts";
import { servicesOf } from "#server/services.ts";
import type { Route } from "./+types/newsletter.unsubscribe";
import { noStoreHeaders } from "#app/lib/cache-control.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await servicesOf(context).newsletter.leaveLink(params.token);
  return data(found, { status: linkStatus(found), headers: noStoreHeaders });
}

// The page's button, or a mail client's RFC 8058 one-click POST (List-Unsubscribe=One-Click) to the same address.
export async function action({ request, params, context }: Route.ActionArgs) {
  const found = await servicesOf(context).newsletter.leave(params.token, await leaveMethodOf(request));
  return data(found, { status: linkStatus(found), headers: noStoreHeaders });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = () => newsletterLinkMeta("unsubscribe");

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  return <NewsletterLinkPage purpose="unsubscribe" found={actionData ?? loaderData} />;
}
