import { FeaturedImage } from "#app/components/blog/featured-image.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { Link } from "react-router";
import type { CaseStudy } from "#app/content/case-studies.ts";
import { serviceSummary } from "#app/content/services.ts";

/** The card's width: the page's, up to its 72rem column less its padding. */
const CARD_SIZES = "(min-width: 72rem) 70rem, calc(100vw - 2rem)";

/** A success story: the problem, what we did and the measured result, under its image when it has one. */
export function CaseStudyCard({
  study,
  headingLevel = 3,
  linkToAll = false,
}: {
  study: CaseStudy;
  headingLevel?: 2 | 3;
  linkToAll?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const service = serviceSummary(study.service);
  return (
    <article className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 lg:grid lg:grid-cols-[1fr_16rem]">
      {/* A wide band whatever the upload's shape: its width and height attributes and the ratio hold its place while it loads. */}
      {study.image && (
        <div className="lg:col-span-2">
          <FeaturedImage src={study.image.path} alt={study.image.alt} sizes={CARD_SIZES} className="aspect-[21/9]" />
        </div>
      )}
      <div className="p-6 sm:p-8">
        <p className="text-sm font-semibold text-brand-700">
          {service.name} · {study.industry}
        </p>
        <Heading className="mt-2 text-2xl font-bold">{study.headline}</Heading>
        <p className="mt-1 text-slate-600">{study.client}</p>
        <dl className="mt-6 grid gap-5 sm:grid-cols-2">
          <div>
            <dt className="font-semibold text-ink">The problem</dt>
            <dd className="mt-1 text-sm leading-relaxed text-slate-600">{study.problem}</dd>
          </div>
          <div>
            <dt className="font-semibold text-ink">What we did</dt>
            <dd className="mt-1 text-sm leading-relaxed text-slate-600">{study.solution}</dd>
          </div>
        </dl>
        {linkToAll ? (
          <Link to="/case-studies" className="mt-6 inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline">
            Read more case studies <Icon name="arrow-right" className="size-4" />
          </Link>
        ) : (
          <Link
            to={`/services/${study.service}`}
            className="mt-6 inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
          >
            About our {service.name} service <Icon name="arrow-right" className="size-4" />
          </Link>
        )}
      </div>
      <div className="flex flex-col justify-center bg-gradient-to-br from-brand-700 to-brand-900 p-6 text-center text-white sm:p-8">
        <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">Measured result</p>
        <p className="mt-2 text-5xl font-extrabold">{study.result.value}</p>
        <p className="mt-2 text-brand-100">{study.result.label}</p>
      </div>
    </article>
  );
}
