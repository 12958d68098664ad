import { lazy, type MouseEvent, type ReactNode, Suspense, useRef, useState } from "react";
import { companyProfilePath } from "#app/forms/company-profile-pdf.ts";
import { heldUntilHydrated } from "#app/lib/hydration-on-intent.ts";

// The dialog and its form load when a visitor reaches for the link, not with the page.
const CompanyProfileDialog = lazy(() => import("#app/components/forms/company-profile-dialog.tsx"));

/**
 * "Download Company Profile": a link to the /company-profile page, which works
 * without JavaScript; with it, the same link opens the dialog in place.
 */
export function CompanyProfileLink({ className, children }: { className?: string; children: ReactNode }) {
  const link = useRef<HTMLAnchorElement>(null);
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const prepare = () => setWanted(true);
  const openDialog = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window still gets the page.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setWanted(true);
    setOpen(true);
  };
  return (
    <>
      <a
        ref={link}
        href={companyProfilePath}
        className={className}
        aria-haspopup="dialog"
        // A press before hydration waits for it and opens the dialog (hydration-on-intent.ts).
        {...heldUntilHydrated}
        onClick={openDialog}
        onPointerEnter={prepare}
        onFocus={prepare}
      >
        {children}
      </a>
      {wanted && (
        <Suspense fallback={null}>
          <CompanyProfileDialog open={open} onOpenChange={setOpen} returnFocusTo={link} />
        </Suspense>
      )}
    </>
  );
}
