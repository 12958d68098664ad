import { Link } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { consentDom } from "#app/before-react/consent-dom.ts";
import { firstPress } from "#app/before-react/hydration-on-intent.ts";

const reject = { [consentDom.choice]: "reject" };
const accept = { [consentDom.choice]: "accept" };

/** In the HTML but hidden until the consent script shows it; Reject All looks like Accept All (SPEC.md sections 2 and 4). */
export function CookieBanner() {
  return (
    <section
      id={consentDom.banner}
      hidden
      {...firstPress("file")}
      aria-labelledby="cookie-banner-title"
      className="fixed inset-x-0 bottom-0 z-40 p-3 sm:p-4"
    >
      <div className="relative mx-auto max-w-4xl rounded-xl bg-white p-4 pr-12 shadow-2xl ring-1 ring-slate-200 sm:p-6 sm:pr-14">
        <button
          type="button"
          {...reject}
          aria-label="Close and reject all cookies"
          className="absolute top-2 right-2 rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-ink"
        >
          <Icon name="x" className="size-5" />
        </button>
        <h2 id="cookie-banner-title" className="text-base font-semibold">
          We value your privacy
        </h2>
        <p className="mt-2 text-sm leading-relaxed text-slate-600">
          {/* Kept short: a long paragraph here would become the page's largest paint on phones. */}
          Analytics, marketing and functional cookies only with your permission; change it any time in Cookie settings. See our{" "}
          <Link to="/privacy" className="font-medium text-brand-700 underline underline-offset-2">
            Privacy Policy
          </Link>
          .
        </p>
        <p {...{ [consentDom.gpcNote]: "" }} hidden className="mt-2 text-sm leading-relaxed text-slate-600">
          Your browser sends a Global Privacy Control signal, so marketing cookies stay off unless you turn them on in Settings.
        </p>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <button type="button" {...reject} className={buttonClass({ className: "min-w-32" })}>
            Reject All
          </button>
          <button type="button" {...accept} className={buttonClass({ className: "min-w-32" })}>
            Accept All
          </button>
          <button
            type="button"
            {...{ [consentDom.openSettings]: "" }}
            aria-haspopup="dialog"
            className={buttonClass({ variant: "ghost", size: "sm" })}
          >
            <Icon name="sliders-horizontal" className="size-4" />
            Settings
          </button>
          <button type="button" {...reject} className="text-sm text-slate-600 underline underline-offset-2 hover:text-ink sm:ml-auto">
            Reject All Cookies
          </button>
        </div>
      </div>
    </section>
  );
}
