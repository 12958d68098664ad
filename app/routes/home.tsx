import { Icon } from "#app/components/ui/icon.tsx";
import { Link } from "react-router";
import { CheckList } from "#app/components/sections/check-list.tsx";
import { PartnerBadges } from "#app/components/sections/partner-badges.tsx";
import { Section, SectionHeading } from "#app/components/sections/section.tsx";
import { ServiceCards } from "#app/components/sections/service-cards.tsx";
import { StatGrid } from "#app/components/sections/stat-grid.tsx";
import { TestimonialCard, TestimonialGrid } from "#app/components/sections/testimonials.tsx";
import { VideoFacade } from "#app/components/sections/video-facade.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { auditInclusions, auditPromises } from "#app/content/audit.ts";
import { homeAuditBlock, homeHero, homeServicesIntro, homeTestimonialsIntro } from "#app/content/home.ts";
import { figureDescriptions, pageMeta } from "#app/content/page-meta.ts";
import type { PartnersContent } from "#app/content/partners.ts";
import type { ServiceCard } from "#app/content/services.ts";
import { serviceCardsOf } from "#app/content/service-words.ts";
import { heroStats } from "#app/content/stats.ts";
import { homeAuditQuote, shownOnHome, type TestimonialsContent } from "#app/content/testimonials.ts";
import { documentOnly, useDocumentOnly } from "#app/lib/document-only-data.ts";
import { seo } from "#app/lib/seo.ts";
import { env } from "#server/env.ts";
import { siteContentOf } from "#server/site-content/read.server.ts";
import type { Route } from "./+types/home";

const ROUTE_ID = "routes/home";
/** While the document hydrates: the testimonials, badges and service cards are adopted as the server wrote them. */
const ADOPTED = {
  testimonials: { home: [], freeAudit: [] } as TestimonialsContent,
  partners: { badges: [] } as PartnersContent,
  cards: [] as ServiceCard[],
};

// Prerendered, and prepared again when the testimonials, badges, figures or service words change (decision 0052); the
// server stamps the intro video's id it runs with over the build's placeholder.
export function loader(args: Route.LoaderArgs) {
  const shown = {
    testimonials: siteContentOf(args.context, "testimonials"),
    partners: siteContentOf(args.context, "partners"),
    cards: serviceCardsOf(siteContentOf(args.context, "serviceWords")),
  };
  const figures = siteContentOf(args.context, "figures");
  return {
    introVideoId: env().INTRO_VIDEO_ID,
    heroStats: heroStats(figures),
    testimonialsLead: homeTestimonialsIntro.lead(figures),
    description: figureDescriptions.home.text(figures),
    ...documentOnly(args, ROUTE_ID, shown),
  };
}

export const meta: Route.MetaFunction = (args) =>
  seo(args, { ...pageMeta.home, description: args.loaderData?.description ?? pageMeta.home.description });

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { testimonials, partners, cards } = useDocumentOnly(ROUTE_ID, loaderData.documentOnly) ?? ADOPTED;
  const auditQuote = homeAuditQuote(testimonials);
  return (
    <>
      <section className="relative isolate overflow-hidden bg-gradient-to-br from-ink via-brand-900 to-brand-800">
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-2 lg:px-8 lg:py-24">
          <div>
            <p className="text-sm font-semibold tracking-wide text-emerald-300 uppercase">{homeHero.eyebrow}</p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-white sm:text-5xl lg:text-6xl">{homeHero.title}</h1>
            <p className="mt-6 text-lg leading-relaxed text-slate-200">{homeHero.lead}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to="/free-audit" className={buttonClass({ variant: "inverse", size: "lg" })}>
                Get Your Free Ad Audit <Icon name="arrow-right" className="size-5" />
              </Link>
              <Link to="/services" className={buttonClass({ size: "lg", className: "ring-1 ring-white/40" })}>
                Explore Our Services
              </Link>
            </div>
            <StatGrid stats={loaderData.heroStats} variant="inverse" className="mt-10 grid-cols-3" />
          </div>
          <VideoFacade videoId={loaderData.introVideoId} title={homeHero.videoTitle} caption={homeHero.videoCaption} />
        </div>
      </section>

      <Section labelledBy="services-title" adopt>
        <SectionHeading id="services-title" eyebrow="What we do" title={homeServicesIntro.title} lead={homeServicesIntro.lead} />
        <div className="mt-12">
          <ServiceCards cards={cards} detailed={false} />
        </div>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/contact" className={buttonClass({ size: "lg" })}>
            Get a Free Strategy Session
          </Link>
          <Link to="/pricing" className={buttonClass({ variant: "secondary", size: "lg" })}>
            View Pricing
          </Link>
        </div>
      </Section>

      <Section tone="muted" labelledBy="testimonials-title" adopt>
        <SectionHeading
          id="testimonials-title"
          eyebrow="Client results"
          title={homeTestimonialsIntro.title}
          lead={loaderData.testimonialsLead}
        />
        <div className="mt-12">
          <TestimonialGrid testimonials={shownOnHome(testimonials)} />
        </div>
        <h3 id="partners-title" className="mt-16 text-center text-sm font-semibold tracking-wide text-slate-600 uppercase">
          Certified partners of the platforms we manage
        </h3>
        <div className="mt-6">
          <PartnerBadges badges={partners.badges} labelledBy="partners-title" />
        </div>
      </Section>

      <Section tone="dark" labelledBy="audit-title" adopt className="bg-gradient-to-br from-ink to-brand-900">
        <div className="grid gap-12 lg:grid-cols-2 lg:items-center">
          <div>
            <SectionHeading
              id="audit-title"
              eyebrow="Free ad audit"
              title={homeAuditBlock.title}
              lead={homeAuditBlock.lead}
              inverse
              align="left"
            />
            <h3 className="mt-8 font-semibold text-white">{homeAuditBlock.inclusionsTitle}</h3>
            <CheckList items={auditInclusions} inverse className="mt-4" />
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to="/free-audit" className={buttonClass({ variant: "inverse", size: "lg" })}>
                Get My Free Audit
              </Link>
              <Link to="/contact" className={buttonClass({ size: "lg", className: "ring-1 ring-white/40" })}>
                Schedule a Strategy Call
              </Link>
            </div>
            <p className="mt-4 text-sm text-slate-300">{auditPromises.join(" · ")}</p>
          </div>
          <div>{auditQuote && <TestimonialCard testimonial={auditQuote} inverse />}</div>
        </div>
      </Section>
    </>
  );
}
