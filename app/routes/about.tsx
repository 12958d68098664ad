import type { IconName } from "#app/components/ui/icon.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { Link } from "react-router";
import { CompanyProfileButton } from "#app/components/forms/company-profile-button.tsx";
import { PageHero } from "#app/components/sections/page-hero.tsx";
import { Section, SectionHeading } from "#app/components/sections/section.tsx";
import { StatGrid } from "#app/components/sections/stat-grid.tsx";
import { TeamCard } from "#app/components/sections/team-card.tsx";
import { CtaBand } from "#app/components/sections/cta-band.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { aboutHero, aboutStats, coreValues, problemSolution } from "#app/content/about.ts";
import { figureDescriptions, pageMeta } from "#app/content/page-meta.ts";
import type { TeamContent } from "#app/content/team.ts";
import { documentOnly, useDocumentOnly } from "#app/lib/document-only-data.ts";
import { seo } from "#app/lib/seo.ts";
import { siteContentOf } from "#server/site-content/read.server.ts";
import type { Route } from "./+types/about";

const ROUTE_ID = "routes/about";

// Prerendered, and prepared again when the figures or the team change (decision 0052). The team is in
// the document only: its section is adopted as the server wrote it.
export function loader(args: Route.LoaderArgs) {
  const figures = siteContentOf(args.context, "figures");
  return {
    stats: aboutStats(figures),
    description: figureDescriptions.about.text(figures),
    ...documentOnly(args, ROUTE_ID, siteContentOf(args.context, "team")),
  };
}

export const meta: Route.MetaFunction = (args) =>
  seo(args, { ...pageMeta.about, description: args.loaderData?.description ?? pageMeta.about.description });

const valueIcons: IconName[] = ["target", "eye", "lightbulb"];

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const { problem, solution } = problemSolution;
  const team: TeamContent = useDocumentOnly(ROUTE_ID, loaderData.documentOnly) ?? { members: [] };
  return (
    <>
      <PageHero eyebrow={aboutHero.eyebrow} title={aboutHero.title} lead={aboutHero.lead}>
        <CompanyProfileButton className={buttonClass({ size: "lg" })}>
          <Icon name="download" className="size-5" /> Download Company Profile
        </CompanyProfileButton>
        <Link to="/free-audit" className={buttonClass({ variant: "secondary", size: "lg" })}>
          Get a Free Audit
        </Link>
      </PageHero>

      <section aria-label="Our numbers" className="-mt-4 pb-8">
        <div className="mx-auto max-w-5xl px-4 sm:px-6">
          <StatGrid stats={loaderData.stats} />
        </div>
      </section>

      <Section labelledBy="why-title" adopt>
        <SectionHeading id="why-title" eyebrow="Why we exist" title="Advertising Should Pay for Itself" />
        <div className="mt-12 grid gap-6 lg:grid-cols-2">
          <article className="rounded-2xl bg-rose-50 p-6 ring-1 ring-rose-100 sm:p-8">
            <h3 className="text-xl font-bold">{problem.title}</h3>
            <p className="mt-3 leading-relaxed text-slate-700">{problem.text}</p>
            <ul className="mt-5 space-y-3">
              {problem.points.map((point) => (
                <li key={point} className="flex items-start gap-3">
                  <Icon name="circle-x" className="mt-0.5 size-5 shrink-0 text-rose-700" />
                  {point}
                </li>
              ))}
            </ul>
          </article>
          <article className="rounded-2xl bg-emerald-50 p-6 ring-1 ring-emerald-100 sm:p-8">
            <h3 className="text-xl font-bold">{solution.title}</h3>
            <p className="mt-3 leading-relaxed text-slate-700">{solution.text}</p>
            <ul className="mt-5 space-y-3">
              {solution.points.map((point) => (
                <li key={point} className="flex items-start gap-3">
                  <Icon name="circle-check" className="mt-0.5 size-5 shrink-0 text-accent-700" />
                  {point}
                </li>
              ))}
            </ul>
          </article>
        </div>
      </Section>

      <Section tone="muted" labelledBy="values-title" adopt>
        <SectionHeading id="values-title" eyebrow="What we stand for" title="Our Core Values" />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {coreValues.map((value, i) => {
            return (
              <li key={value.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon name={valueIcons[i]!} className="size-6" />
                </span>
                <h3 className="mt-5 text-lg font-semibold">{value.title}</h3>
                <p className="mt-2 leading-relaxed text-slate-600">{value.text}</p>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section labelledBy="team-title" adopt>
        <SectionHeading
          id="team-title"
          eyebrow="Our team"
          title="Meet the Co-Founders"
          lead="Three specialists, one standard: every campaign has to earn its budget."
        />
        <ul className="mt-12 grid gap-6 lg:grid-cols-3">
          {team.members.map((member) => (
            <li key={member.id}>
              <TeamCard member={member} />
            </li>
          ))}
        </ul>
      </Section>

      <CtaBand
        id="about-cta-title"
        title="Ready to See What Your Ads Could Earn?"
        lead="Start with a free audit of your ad accounts, or talk to one of the co-founders about your goals."
      >
        <Link to="/free-audit" className={buttonClass({ variant: "inverse", size: "lg" })}>
          Get Your Free Audit
        </Link>
        <Link to="/contact" className={buttonClass({ size: "lg", className: "ring-1 ring-white/40" })}>
          Contact Us
        </Link>
      </CtaBand>
    </>
  );
}
