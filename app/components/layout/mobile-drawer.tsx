import { Icon } from "~/components/ui/icon";
import { Dialog } from "radix-ui";
import { Link, NavLink } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { mainNav } from "~/config/navigation";
import { serviceSummaries } from "~/content/services";
import { cn } from "~/lib/cn";

/**
 * The small-screen menu: a right-hand drawer titled Menu that slides in, and
 * closes when a link is chosen. It appears in place for a visitor who asks for
 * reduced motion.
 */
export default function MobileDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 motion-safe:data-[state=closed]:animate-fade-out motion-safe:data-[state=open]:animate-fade-in" />
        <Dialog.Content
          className="fixed inset-y-0 right-0 z-50 flex w-80 max-w-[85vw] flex-col overflow-y-auto bg-white p-6 shadow-xl motion-safe:data-[state=closed]:animate-drawer-out motion-safe:data-[state=open]:animate-drawer-in"
          aria-describedby={undefined}
        >
          <div className="mb-6 flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold text-ink">Menu</Dialog.Title>
            <Dialog.Close className="rounded-md p-2 hover:bg-slate-100" aria-label="Close menu">
              <Icon name="x" className="size-5" />
            </Dialog.Close>
          </div>
          <nav aria-label="Mobile">
            <ul className="space-y-1">
              {mainNav.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.to === "/"}
                    onClick={close}
                    className={({ isActive }) =>
                      cn(
                        "block rounded-lg px-3 py-2 font-medium",
                        isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100",
                      )
                    }
                  >
                    {item.label}
                  </NavLink>
                  {item.to === "/services" && (
                    <ul className="mt-1 ml-3 space-y-1 border-l border-slate-200 pl-3">
                      {serviceSummaries.map((service) => (
                        <li key={service.slug}>
                          <NavLink
                            to={`/services/${service.slug}`}
                            onClick={close}
                            className={({ isActive }) =>
                              cn(
                                "block rounded-md px-2 py-1.5 text-sm",
                                isActive ? "text-brand-800 font-semibold" : "text-slate-600 hover:text-ink",
                              )
                            }
                          >
                            {service.name}
                          </NavLink>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          </nav>
          <Link to="/free-audit" onClick={close} className={buttonClass({ size: "lg", className: "mt-6 w-full" })}>
            Get Free Audit
          </Link>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
