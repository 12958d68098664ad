import type { MouseEvent, ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { buttonClass } from "#app/components/ui/button.ts";
import { Icon } from "#app/components/ui/icon.tsx";
import { mainNav } from "#app/config/navigation.ts";
import { serviceSummaries } from "#app/content/services.ts";
import { cn } from "#app/lib/cn.ts";

const DRAWER_ID = "mobile-menu";

/**
 * A native modal dialog opened by invoker commands, so the first tap opens it before React (decision 0025). After the
 * footer, as its links repeat the footer's and add little to the compressed HTML.
 */
export function MobileNavButton() {
  return (
    <DrawerButton command="show-modal" label="Open menu" className="text-ink lg:hidden" aria-haspopup="dialog">
      <Icon name="menu" className="size-6" />
    </DrawerButton>
  );
}

function DrawerButton({
  command,
  label,
  className = "",
  children,
  ...aria
}: {
  command: "show-modal" | "close";
  label: string;
  className?: string;
  children: ReactNode;
  "aria-haspopup"?: "dialog";
}) {
  return (
    <button
      type="button"
      commandfor={DRAWER_ID}
      command={command}
      className={cn("rounded-md p-2 hover:bg-slate-100", className)}
      aria-label={label}
      {...aria}
    >
      {children}
    </button>
  );
}

/** A press outside is `closedby`'s, or the loader's where the browser has none. */
function closeOnLink(event: MouseEvent<HTMLDialogElement>) {
  if (event.target instanceof Element && event.target.closest("a")) event.currentTarget.close();
}

export function MobileDrawer() {
  return (
    // The keyboard has the dialog's own ways out (Escape, Close menu), and Enter on a link is a click.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      id={DRAWER_ID}
      closedby="any"
      onClick={closeOnLink}
      aria-labelledby={`${DRAWER_ID}-title`}
      className="drawer fixed inset-y-0 right-0 left-auto m-0 h-full max-h-none w-80 max-w-[85vw] overflow-y-auto bg-white p-6 shadow-xl"
    >
      <div className="mb-6 flex items-center justify-between">
        <h2 id={`${DRAWER_ID}-title`} className="text-lg font-bold text-ink">
          Menu
        </h2>
        <DrawerButton command="close" label="Close menu">
          <Icon name="x" className="size-5" />
        </DrawerButton>
      </div>
      <nav aria-label="Mobile" className="drawer-links">
        <ul className="space-y-1">
          {mainNav.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.to === "/"}>
                {item.label}
              </NavLink>
              {item.to === "/services" && (
                <ul className="mt-1 ml-3 space-y-1 border-l border-slate-200 pl-3">
                  {serviceSummaries.map((service) => (
                    <li key={service.slug}>
                      <NavLink to={`/services/${service.slug}`}>{service.name}</NavLink>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <Link to="/free-audit" className={buttonClass({ size: "lg", className: "mt-6 w-full" })}>
        Get Free Audit
      </Link>
    </dialog>
  );
}
