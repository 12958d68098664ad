import { data } from "react-router";
import { NewsletterLinkPage } from "#app/components/newsletter/link-page.tsx";
import { newsletterLinkMeta } from "#app/content/newsletter.ts";
import { linkStatus } from "#server/newsletter/link-status.ts";
import { clientAddressContext, servicesOf } from "#server/services.ts";
import type { Route } from "./+types/newsletter.confirm";
import { noStoreHeaders } from "#app/lib/cache-control.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await servicesOf(context).newsletter.confirmLink(params.token);
  return data(found, { status: linkStatus(found), headers: noStoreHeaders });
}

// Only on a press of the page's button, never on the link's GET (mail scanners fetch links).
export async function action({ params, context }: Route.ActionArgs) {
  const found = await servicesOf(context).newsletter.confirm(params.token, context.get(clientAddressContext).address);
  return data(found, { status: linkStatus(found), headers: noStoreHeaders });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = () => newsletterLinkMeta("confirm");

export default function ConfirmSubscriptionPage({ loaderData, actionData }: Route.ComponentProps) {
  return <NewsletterLinkPage purpose="confirm" found={actionData ?? loaderData} />;
}
