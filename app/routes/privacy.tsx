import { LegalDocumentBody } from "#app/components/sections/legal-document.tsx";
import { PageHero } from "#app/components/sections/page-hero.tsx";
import { privacyPolicy } from "#app/content/legal.ts";
import { pageMeta } from "#app/content/page-meta.ts";
import { formatLongDate } from "#app/lib/sast.ts";
import { seo, useContact } from "#app/lib/seo.ts";
import type { Route } from "./+types/privacy";

// Rendered per request: the last-updated date is today's (SPEC.md section 2), the contact details live.
export function loader() {
  return { lastUpdated: formatLongDate(new Date()) };
}

export const meta: Route.MetaFunction = (args) => seo(args, pageMeta.privacy);

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero title="Privacy Policy" lead={`Last updated: ${loaderData.lastUpdated}`} />
      <LegalDocumentBody document={privacyPolicy(useContact())} />
    </>
  );
}
