import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { buttonClass } from "#app/components/ui/button.ts";
import { notFoundMeta } from "#app/content/not-found.ts";
import { pageTitle } from "#app/lib/seo.ts";

/** Sets its own title and tags: it shows for unknown paths and for a page's own 404 alike. */
export function NotFound() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.warn("404: page not found:", pathname);
  }, [pathname]);
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center">
      <title>{pageTitle(notFoundMeta.title)}</title>
      <meta name="description" content={notFoundMeta.description} />
      <meta name="robots" content="noindex" />
      <p className="text-6xl font-extrabold text-brand-600">404</p>
      <h1 className="mt-4 text-3xl font-bold">Oops! Page not found</h1>
      <p className="mt-4 text-slate-600">The page you were looking for does not exist or has moved.</p>
      <Link to="/" className={buttonClass({ size: "lg", className: "mt-8" })}>
        Return to Home
      </Link>
    </section>
  );
}
