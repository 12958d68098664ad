import { Icon } from "#app/components/ui/icon.tsx";
import { Link } from "react-router";
import { buttonClass } from "#app/components/ui/button.ts";
import { auditPromises } from "#app/content/audit.ts";

export function ArticleCta() {
  return (
    <section aria-labelledby="article-cta" className="bg-gradient-to-br from-brand-800 to-ink py-16 sm:py-20">
      <div className="mx-auto max-w-3xl px-4 text-center sm:px-6">
        <h2 id="article-cta" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
          Want to know where your ad budget is leaking?
        </h2>
        <p className="mt-4 text-lg leading-relaxed text-brand-100">
          Our free ad audit reviews your Google, Meta and LinkedIn accounts and gives you a prioritised ROI roadmap.
        </p>
        <Link to="/free-audit" className={buttonClass({ variant: "inverse", size: "lg", className: "mt-8" })}>
          Get My Free Audit
          <Icon name="arrow-right" className="size-5" />
        </Link>
        <ul className="mt-8 flex flex-col items-center justify-center gap-x-8 gap-y-2 text-sm text-brand-100 sm:flex-row">
          {auditPromises.map((promise) => (
            <li key={promise} className="inline-flex items-center gap-2">
              <Icon name="check" className="size-4 text-accent-500" />
              {promise}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
