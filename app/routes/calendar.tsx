import { PageHero } from "~/components/sections/page-hero";
import { pageMeta } from "~/content/page-meta";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/calendar";

export const meta: Route.MetaFunction = (args) => seo(args, { ...pageMeta.calendar, path: "/calendar" });

export default function CalendarPage() {
  return <PageHero title="Book a Call" lead={pageMeta.calendar.description} />;
}
