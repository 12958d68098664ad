import { Icon } from "#app/components/ui/icon.tsx";
import { type KeyboardEvent, useEffect, useRef } from "react";
import { Link } from "react-router";
import { serviceSummaries } from "#app/content/services.ts";

/** A `<details>`, so it opens at the first press before React (app/before-react/README.md); the navigation-menu pattern, not role=menu. */
export function ServicesMenu() {
  const details = useRef<HTMLDetailsElement>(null);

  // Whether open or not: the menu may have opened before React was there.
  useEffect(() => {
    const menu = details.current!;
    const onPress = (event: PointerEvent) => menu.open && !menu.contains(event.target as Node) && (menu.open = false);
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Escape" || !menu.open) return;
      menu.open = false;
      menu.querySelector("summary")?.focus();
    };
    document.addEventListener("pointerdown", onPress);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPress);
      document.removeEventListener("keydown", onKey);
    };
  }, []);

  return (
    <details ref={details} className="group relative">
      <summary
        className="-ml-2 flex cursor-pointer list-none rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-ink [&::-webkit-details-marker]:hidden"
        aria-label="Service pages"
      >
        <Icon name="chevron-down" className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      {/* A link chosen closes the menu: keyboard Enter on a link is a click too. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <nav
        aria-label="Service pages"
        className="absolute top-full left-0 z-50 mt-3 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
        onClick={(event) => (event.target as Element).closest("a") && details.current && (details.current.open = false)}
        onKeyDown={moveWithArrows}
      >
        <ul>
          {serviceSummaries.map(({ slug, name, icon }) => (
            <li key={slug}>
              <Link
                to={`/services/${slug}`}
                className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm text-slate-700 hover:bg-brand-50 hover:text-brand-800 focus-visible:bg-brand-50"
              >
                <Icon name={icon} className="size-4 text-brand-600" />
                {name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}

function moveWithArrows(event: KeyboardEvent<HTMLElement>) {
  const links = [...event.currentTarget.querySelectorAll("a")];
  const at = links.indexOf(document.activeElement as HTMLAnchorElement);
  const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: links.length - 1 }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  links[(to + links.length) % links.length]?.focus();
}
