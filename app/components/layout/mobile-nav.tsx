import { Icon } from "~/components/ui/icon";
import { lazy, Suspense, useState } from "react";

// The drawer's code loads on the first tap, not with every page.
const MobileDrawer = lazy(() => import("./mobile-drawer"));

export function MobileNav() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <button
        type="button"
        className="rounded-md p-2 text-ink hover:bg-slate-100 lg:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        onPointerEnter={() => setWanted(true)}
      >
        <Icon name="menu" className="size-6" />
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <MobileDrawer open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
