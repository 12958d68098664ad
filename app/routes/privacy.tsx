import { LegalDocumentBody } from "~/components/sections/legal-document";
import { PageHero } from "~/components/sections/page-hero";
import { privacyPolicy } from "~/content/legal";
import { pageMeta } from "~/content/page-meta";
import { formatLongDate } from "~/lib/sast";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/privacy";

// Rendered per request: the last-updated date is today's (SPEC.md section 2).
export function loader() {
  return { lastUpdated: formatLongDate(new Date()) };
}

export const meta: Route.MetaFunction = (args) => seo(args, { ...pageMeta.privacy, path: "/privacy" });

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero title="Privacy Policy" lead={`Last updated: ${loaderData.lastUpdated}`} />
      <LegalDocumentBody document={privacyPolicy} />
    </>
  );
}
