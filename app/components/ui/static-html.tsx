import { type ReactNode, useEffect, useState } from "react";
import { useNavigate } from "react-router";

/**
 * Content that never changes once on the page (prices, lists, steps): the
 * first hydration adopts the server's HTML as it is, so React neither walks
 * nor checks it (docs/decisions/0018). Rendered as usual when it arrives by a
 * client-side navigation. Nothing inside may need React: links are plain
 * anchors, which `useStaticLinks` navigates in place as <Link> would.
 */
let hydrating = true;

export function StaticHtml({ className, children }: { className?: string; children: ReactNode }) {
  // Decided once per mount: adopted content stays adopted through later renders.
  const [adopted] = useState(() => !import.meta.env.SSR && hydrating);
  if (adopted) return <div data-static="" className={className} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />;
  return (
    <div data-static="" className={className}>
      {children}
    </div>
  );
}

/** A path the client router can show (not a file such as the company profile PDF). */
const isPagePath = (pathname: string) => !/\.[a-z0-9]+$/i.test(pathname);

/**
 * Called once by the root: marks the end of the first hydration, and makes a
 * click on a link inside adopted content a client-side navigation.
 */
export function useStaticLinks(): void {
  const navigate = useNavigate();
  useEffect(() => {
    hydrating = false;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest("[data-static] a[href]") : null;
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      if (link.origin !== window.location.origin || !isPagePath(link.pathname)) return;
      event.preventDefault();
      void navigate(link.pathname + link.search + link.hash);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
