import { PageHero } from "~/components/sections/page-hero";
import { leadAction } from "~/forms/lead-action.server";
import { pageMeta } from "~/content/page-meta";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/contact";

export const action = leadAction("contact");

export const meta: Route.MetaFunction = (args) => seo(args, { ...pageMeta.contact, path: "/contact" });

export default function ContactPage() {
  return <PageHero title="Contact Us" lead={pageMeta.contact.description} />;
}
