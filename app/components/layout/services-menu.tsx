import { Icon } from "#app/components/ui/icon.tsx";
import { NavigationMenu } from "radix-ui";
import { Link } from "react-router";
import { serviceSummaries } from "#app/content/services.ts";
import { firstPress } from "#app/lib/hydration-on-intent.ts";

/**
 * The Services dropdown: a disclosure button beside the Services link that shows
 * the eight service pages (the navigation-menu pattern: links, not a role=menu).
 */
export function ServicesMenu() {
  return (
    <NavigationMenu.Root aria-label="Service pages" className="relative">
      <NavigationMenu.List>
        <NavigationMenu.Item>
          <NavigationMenu.Trigger
            className="group -ml-2 rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-ink"
            aria-label="Service pages"
            // Radix answers it: a press before hydration is held for React (docs/before-react.md).
            {...firstPress("held")}
            onPointerMove={(event) => event.preventDefault()}
            onPointerLeave={(event) => event.preventDefault()}
          >
            <Icon name="chevron-down" className="size-4 transition-transform group-data-[state=open]:rotate-180" />
          </NavigationMenu.Trigger>
          <NavigationMenu.Content
            className="absolute top-full left-0 z-50 mt-3 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
            onPointerLeave={(event) => event.preventDefault()}
          >
            <ul>
              {serviceSummaries.map(({ slug, name, icon }) => (
                <li key={slug}>
                  <NavigationMenu.Link asChild>
                    <Link
                      to={`/services/${slug}`}
                      className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm text-slate-700 hover:bg-brand-50 hover:text-brand-800 focus-visible:bg-brand-50"
                    >
                      <Icon name={icon} className="size-4 text-brand-600" />
                      {name}
                    </Link>
                  </NavigationMenu.Link>
                </li>
              ))}
            </ul>
          </NavigationMenu.Content>
        </NavigationMenu.Item>
      </NavigationMenu.List>
    </NavigationMenu.Root>
  );
}
