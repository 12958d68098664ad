import { ChevronDown } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { Link } from "react-router";
import { serviceSummaries } from "~/content/services";

/** The Services dropdown: a button beside the Services link that lists the eight service pages. */
export function ServicesMenu() {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="-ml-2 rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-ink data-[state=open]:rotate-180"
        aria-label="Service pages"
      >
        <ChevronDown className="size-4" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={8}
          className="z-50 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
        >
          {serviceSummaries.map(({ slug, name, icon: Icon }) => (
            <DropdownMenu.Item key={slug} asChild>
              <Link
                to={`/services/${slug}`}
                className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800"
              >
                <Icon className="size-4 text-brand-600" aria-hidden="true" />
                {name}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
