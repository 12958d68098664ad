import type { ReactNode } from "react";

/** The card a page's form sits in; its id is the target of links that jump to the form. */
export function FormRegion({ id, title, lead, children }: { id: string; title: string; lead?: string; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-24 rounded-2xl bg-white p-6 text-left shadow-xl ring-1 ring-slate-200 sm:p-8"
    >
      <h2 id={`${id}-title`} className="text-2xl font-bold">
        {title}
      </h2>
      {lead && <p className="mt-2 text-slate-600">{lead}</p>}
      <div className="mt-6">{children}</div>
    </section>
  );
}
