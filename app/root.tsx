import { useEffect, useRef } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  UNSAFE_useScrollRestoration as useScrollRestoration,
  useLocation,
} from "react-router";
import { CookieConsent } from "#app/components/consent/cookie-consent.tsx";
import { CompanyProfileDialog } from "#app/components/forms/company-profile-dialog.tsx";
import { Footer } from "#app/components/layout/footer.tsx";
import { Header } from "#app/components/layout/header.tsx";
import { MobileDrawer } from "#app/components/layout/mobile-nav.tsx";
import { NotFound } from "#app/components/layout/not-found.tsx";
import { useStaticLinks } from "#app/components/ui/static-html.tsx";
import { Toaster } from "#app/components/ui/toaster.tsx";
import { site } from "#app/config/site.ts";
import { useNonce } from "#app/lib/build-stamps.ts";
import { loadersRunForEachPrerenderedDocument } from "#app/lib/document-only-data.ts";
import { HYDRATED_EVENT } from "#app/before-react/hydration-on-intent.ts";
import { PageScripts } from "#app/before-react/page-scripts.tsx";
import { SITE_FONT_CLASS } from "#app/before-react/site-font.ts";
import { pageTitle, type RootData } from "#app/lib/seo.ts";
import { env } from "#server/env.ts";
import { siteContentOf } from "#server/site-content/read.server.ts";
import type { Route } from "./+types/root";
import "#app/app.css";

export const middleware: Route.MiddlewareFunction[] = [loadersRunForEachPrerenderedDocument];

// The contact details are the footer's on every page (decision 0052): a page that shows them is prepared
// again, or rendered per request, when they change.
export function loader({ context }: Route.LoaderArgs): RootData {
  return { siteUrl: env().SITE_URL, contact: siteContentOf(context, "contact") };
}

// The root's data (SITE_URL, the footer's contact details) is kept while the page is open: no request for it after a post.
export const shouldRevalidate = () => false;

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png", sizes: "180x180" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

/** The agency's private inbox has its own chrome: no public navigation, consent banner or analytics. */
const isPrivatePath = (pathname: string) => pathname === "/admin" || pathname.startsWith("/admin/");

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const publicPage = !isPrivatePath(useLocation().pathname);
  // Here, not in App: the error screens hydrate without App, and a navigation from them must render adopted content.
  useStaticLinks();
  // The inline loader presses again a button pressed before this (hydration-on-intent.ts).
  useEffect(() => void dispatchEvent(new Event(HYDRATED_EVENT)), []);
  useSiteFontAfterNavigation();
  // React Router's scroll restoration (a new path scrolls to the top, back and forward restore the
  // position) without its inline script: ours, in the body's script, costs a new page no wait on the
  // browser's process as it is parsed (scroll-restoration-page-script.ts, decision 0024).
  useScrollRestoration();
  return (
    // The head's font script may add SITE_FONT_CLASS before React hydrates; React never sets a class here.
    <html lang="en-ZA" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={site.themeColor} />
        <PageScripts place="head" publicPage={publicPage} />
        <Meta />
        <Links />
        <PageScripts place="head-end" publicPage={publicPage} />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        {publicPage && <Header />}
        {/* The inbox's grey reaches the footer however short its page (app/routes/admin/layout.tsx). */}
        <main id="main" className="flex-1 has-[>[data-inbox]]:bg-slate-50" tabIndex={-1}>
          {children}
        </main>
        {publicPage && <Footer />}
        {publicPage && <MobileDrawer />}
        {publicPage && <CompanyProfileDialog />}
        <Toaster />
        <Scripts nonce={nonce} />
        <PageScripts place="body-end" publicPage={publicPage} />
        {/* The banner and Cookie Settings (decision 0018), after the page so they delay nothing above. */}
        {publicPage && <CookieConsent />}
      </body>
    </html>
  );
}

/**
 * A client-side navigation draws the next page in the site's font: the first page fetched it after
 * its first paint (decision 0041), and a navigation repaints the page anyway.
 */
function useSiteFontAfterNavigation() {
  const { key } = useLocation();
  const firstKey = useRef(key);
  useEffect(() => {
    if (key !== firstKey.current) document.documentElement.classList.add(SITE_FONT_CLASS);
  }, [key]);
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  // The inbox refuses what a user's role does not allow (server/admin/guard.ts requireRoleFor), saying why.
  const refused = isRouteErrorResponse(error) && error.status === 403;
  const title = refused ? "Not allowed" : "Unexpected Application Error!";
  const detail = refused
    ? String(error.data)
    : isRouteErrorResponse(error)
      ? error.statusText || `Error ${error.status}`
      : error instanceof Error
        ? error.message
        : "Unknown error";
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center">
      <title>{pageTitle(title)}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-lg text-slate-600">{detail}</p>
      <a href={refused ? "/admin" : "/"} className="mt-8 inline-block font-semibold text-brand-700 underline">
        {refused ? "Back to the inbox" : "Return to Home"}
      </a>
    </section>
  );
}
