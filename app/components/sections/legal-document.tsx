import type { LegalDocument } from "#app/content/legal.ts";

/** A legal page's body: intro, table of contents and numbered sections. */
export function LegalDocumentBody({ document }: { document: LegalDocument }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <p className="text-lg leading-relaxed text-slate-700">{document.intro}</p>
      <nav aria-label="Contents" className="mt-8 rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
        <h2 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">Contents</h2>
        <ol className="mt-3 grid list-decimal gap-1 pl-5 text-sm sm:grid-cols-2">
          {document.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-brand-700 hover:underline">
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {document.sections.map((section, index) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="mt-10 scroll-mt-24">
          <h2 id={`${section.id}-title`} className="text-2xl font-bold">
            {index + 1}. {section.title}
          </h2>
          {section.blocks.map((block, i) => {
            if (block.kind === "p")
              return (
                <p key={i} className="mt-4 leading-relaxed">
                  {block.text}
                </p>
              );
            if (block.kind === "list")
              return (
                <ul key={i} className="mt-4 list-disc space-y-2 pl-6 leading-relaxed">
                  {block.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              );
            return (
              <div
                key={i}
                role="region"
                aria-label={block.caption}
                // A table wider than a phone scrolls sideways: keyboard users reach it to scroll it.
                // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
                tabIndex={0}
                className="mt-4 overflow-x-auto rounded-xl ring-1 ring-slate-200"
              >
                <table className="w-full min-w-[36rem] text-left text-sm">
                  <caption className="sr-only">{block.caption}</caption>
                  <thead className="bg-slate-50 text-ink">
                    <tr>
                      {block.head.map((cell) => (
                        <th key={cell} scope="col" className="px-4 py-3 font-semibold">
                          {cell}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-200">
                    {block.rows.map((row) => (
                      <tr key={row[0]}>
                        {row.map((cell, c) =>
                          c === 0 ? (
                            <th key={c} scope="row" className="px-4 py-3 align-top font-semibold text-ink">
                              {cell}
                            </th>
                          ) : (
                            <td key={c} className="px-4 py-3 align-top">
                              {cell}
                            </td>
                          ),
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            );
          })}
        </section>
      ))}
    </div>
  );
}
