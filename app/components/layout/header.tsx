import { Link, NavLink } from "react-router";
import { buttonClass } from "#app/components/ui/button.ts";
import { mainNav } from "#app/config/navigation.ts";
import { cn } from "#app/lib/cn.ts";
import { Logo } from "#app/components/layout/logo.tsx";
import { MobileNavButton } from "#app/components/layout/mobile-nav.tsx";
import { ServicesMenu } from "#app/components/layout/services-menu.tsx";

export function Header() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo />
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {mainNav.map((item) => (
              <li key={item.to} className="flex items-center">
                <NavLink
                  to={item.to}
                  end={item.to === "/"}
                  className={({ isActive }) =>
                    cn(
                      "rounded-md px-3 py-2 text-sm font-medium transition-colors",
                      isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:text-ink hover:bg-slate-100",
                    )
                  }
                >
                  {item.label}
                </NavLink>
                {item.to === "/services" && <ServicesMenu />}
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <div className="hidden sm:block">
            <Link to="/free-audit" className={buttonClass()}>
              Free Audit
            </Link>
          </div>
          <MobileNavButton />
        </div>
      </div>
    </header>
  );
}
