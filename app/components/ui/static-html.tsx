import { type ReactNode, useEffect, useState } from "react";
import { useNavigate } from "react-router";

/** Hydration adopts the server's HTML as it is, so React neither walks nor checks it (docs/decisions/0018); no React inside. */
let hydrating = true;

export function StaticHtml({ className, children }: { className?: string; children: ReactNode }) {
  const [adopted] = useState(() => !import.meta.env.SSR && hydrating);
  if (adopted) return <div data-static="" className={className} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />;
  return (
    <div data-static="" className={className}>
      {children}
    </div>
  );
}

/** Not a file such as the company profile PDF. */
const isPagePath = (pathname: string) => !/\.[a-z0-9]+$/i.test(pathname);

/** Called once by the root: ends the first hydration, and makes links inside adopted content navigate in place. */
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
