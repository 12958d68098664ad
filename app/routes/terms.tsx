import { LegalDocumentBody } from "~/components/sections/legal-document";
import { PageHero } from "~/components/sections/page-hero";
import { termsOfService } from "~/content/legal";
import { pageMeta } from "~/content/page-meta";
import { formatLongDate } from "~/lib/sast";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/terms";

// Rendered per request: the last-updated date is today's (SPEC.md section 2).
export function loader() {
  return { lastUpdated: formatLongDate(new Date()) };
}

export const meta: Route.MetaFunction = (args) => seo(args, { ...pageMeta.terms, path: "/terms" });

export default function TermsPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero title="Terms of Service" lead={`Last updated: ${loaderData.lastUpdated}`} />
      <LegalDocumentBody document={termsOfService} />
    </>
  );
}
