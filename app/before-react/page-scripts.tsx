/**
 * Every script the document carries outside React's own (`<Scripts>`): which, where, on which
 * pages, and why. The one place root.tsx takes them from (app/before-react/README.md); the order
 * wizard's script alone sits in its form's markup, which it reads as it runs.
 */
import { Fragment, type ReactNode } from "react";
import interSite from "#app/fonts/inter-site-wght-400-800.woff2?url";
import bodyScript from "#app/before-react/body-page-script.ts?inline-script";
import consentScript from "#app/before-react/consent-page-script.ts?script-file";
import { AFTER_LOAD_SCRIPT, speculationRules } from "#app/before-react/hydration-on-intent.ts";
import publicBodyScript from "#app/before-react/public-body-page-script.ts?inline-script";
import { SITE_FONT_URL } from "#app/before-react/site-font.ts";
import siteFontScript from "#app/before-react/site-font-page-script.ts?inline-script";
import { useAnalyticsScript, useNonce } from "#app/lib/build-stamps.ts";

/**
 * - `head`: before the stylesheet, so it waits for nothing;
 * - `head-end`: after the stylesheet's link;
 * - `body-end`: after the page and React's scripts, so it delays nothing above.
 */
type Place = "head" | "head-end" | "body-end";

interface Document {
  nonce: string | undefined;
  publicPage: boolean;
  analyticsScript: string;
}

interface PageScript {
  place: Place;
  /** Written only on the site's public pages; the inbox goes without. */
  publicOnly?: boolean;
  render(document: Document): ReactNode;
}

/**
 * An inline script only the server writes (allowed by its hash or the nonce): the browser's render
 * leaves it empty, and hydration keeps the server's.
 */
const serverWritten = (nonce: string | undefined, code: () => string) => (
  <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? code() : "" }} />
);

const pageScripts: PageScript[] = [
  {
    // Consent defaults, the saved choice (saved-consent-page-script.ts), then Google's tag, when
    // GA_MEASUREMENT_ID is set (decision 0023); the server stamps it at start (build-stamps.ts).
    place: "head",
    publicOnly: true,
    render: ({ nonce, analyticsScript }) => (
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: analyticsScript }} />
    ),
  },
  {
    // Whether text paints in Inter from the first paint (decision 0041).
    place: "head",
    render: ({ nonce }) => serverWritten(nonce, () => siteFontScript.replace(SITE_FONT_URL, interSite)),
  },
  {
    // The next public page fetched on a likely click: not a script that runs, the browser's rules.
    place: "head-end",
    publicOnly: true,
    render: ({ nonce }) => <script type="speculationrules" nonce={nonce} dangerouslySetInnerHTML={{ __html: speculationRules }} />,
  },
  {
    // Scroll restoration, the loader of hydration on intent (decision 0021) and, on a public page,
    // attribution (decision 0019): one script, one CSP hash (decision 0043).
    place: "body-end",
    render: ({ nonce, publicPage }) => serverWritten(nonce, () => (publicPage ? publicBodyScript : bodyScript)),
  },
  {
    // The cookie banner's and Cookie Settings' script: a file the loader asks for after the load
    // (decisions 0018, 0043), so it costs the document nothing.
    place: "body-end",
    publicOnly: true,
    render: () => <template {...{ [AFTER_LOAD_SCRIPT]: consentScript }} />,
  },
];

/** The page scripts of a place in the document, in the list's order. */
export function PageScripts({ place, publicPage }: { place: Place; publicPage: boolean }) {
  const document: Document = { nonce: useNonce(), publicPage, analyticsScript: useAnalyticsScript() };
  return pageScripts
    .filter((script) => script.place === place && (publicPage || !script.publicOnly))
    .map((script, index) => <Fragment key={index}>{script.render(document)}</Fragment>);
}
