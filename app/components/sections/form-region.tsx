import { ClipboardList } from "lucide-react";
import type { ReactNode } from "react";
import { site } from "~/config/site";

/** The card a page's form sits in; its id is the target of links that jump to the form. */
export function FormRegion({ id, title, lead, children }: { id: string; title: string; lead?: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24 rounded-2xl bg-white p-6 text-left shadow-xl ring-1 ring-slate-200 sm:p-8">
      <h2 id={`${id}-title`} className="text-2xl font-bold">
        {title}
      </h2>
      {lead && <p className="mt-2 text-slate-600">{lead}</p>}
      <div className="mt-6">{children}</div>
    </section>
  );
}

/** Stands where a page's form will be until the forms work replaces it. */
export function FormComingSoon({ name }: { name: string }) {
  return (
    <div className="flex flex-col items-center rounded-xl border-2 border-dashed border-slate-300 bg-slate-50 px-6 py-10 text-center">
      <ClipboardList className="size-8 text-slate-500" aria-hidden="true" />
      <p className="mt-3 font-semibold text-ink">The {name} form is coming soon.</p>
      <p className="mt-1 text-sm text-slate-600">
        Until then, email{" "}
        <a href={`mailto:${site.email}`} className="font-semibold text-brand-700 underline">
          {site.email}
        </a>{" "}
        or call{" "}
        <a href={site.phone.href} className="font-semibold whitespace-nowrap text-brand-700 underline">
          {site.phone.display}
        </a>
        : we reply within 2-4 hours on weekdays.
      </p>
    </div>
  );
}
