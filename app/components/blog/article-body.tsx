import { cn } from "#app/lib/cn.ts";

// Tailwind variants on the container, so the article needs no plugin and no extra stylesheet.
const prose = cn(
  "text-lg leading-8 text-slate-700",
  "[&>*+*]:mt-6 [&>*:first-child]:mt-0",
  "[&_h2]:mt-14 [&_h2]:scroll-mt-24 [&_h2]:text-2xl [&_h2]:leading-tight [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-ink sm:[&_h2]:text-3xl",
  "[&_h3]:mt-10 [&_h3]:scroll-mt-24 [&_h3]:text-xl [&_h3]:leading-snug [&_h3]:font-semibold [&_h3]:text-ink",
  "[&_h2+*]:mt-4 [&_h3+*]:mt-3",
  "[&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_li]:mt-2 [&_li]:pl-1 [&_li::marker]:text-brand-600",
  "[&_strong]:font-semibold [&_strong]:text-ink",
  "[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-800",
  "[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.85em] [&_code]:text-ink",
  "[&_blockquote]:border-l-4 [&_blockquote]:border-brand-600 [&_blockquote]:pl-5 [&_blockquote]:text-ink [&_blockquote]:italic",
  "[&_table]:w-full [&_table]:border-collapse [&_table]:text-base",
  "[&_th]:border-b-2 [&_th]:border-slate-300 [&_th]:py-2 [&_th]:pr-4 [&_th:not([align])]:text-left [&_th]:font-semibold [&_th]:text-ink",
  "[&_td]:border-b [&_td]:border-slate-200 [&_td]:py-2 [&_td]:pr-4 [&_td]:align-top",
);

/** app/lib/markdown.ts lets no script through. */
export function ArticleBody({ html }: { html: string }) {
  return <div className={prose} dangerouslySetInnerHTML={{ __html: html }} />;
}
