import { blogCategories, totalPosts } from "#app/content/articles.ts";

/**
 * The archive's topics with their post counts. SPEC.md gives these "filter
 * buttons" no behaviour, so they are shown as what they are: a summary, not
 * controls that would do nothing when pressed.
 */
export function CategoryList({ shown }: { shown: number }) {
  return (
    <section aria-labelledby="topics" className="rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
      <h2 id="topics" className="text-lg font-bold">
        Topics in our archive
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {totalPosts} articles across {blogCategories.length} topics. The latest {shown} are below.
      </p>
      <ul className="mt-4 flex flex-wrap gap-2">
        <li className="inline-flex items-center gap-2 rounded-full bg-ink px-4 py-2 text-sm font-semibold text-white">
          All topics{" "}
          <span className="rounded-full bg-white/15 px-2 py-0.5 text-xs tabular-nums">
            {totalPosts}
            <span className="sr-only"> articles</span>
          </span>
        </li>
        {blogCategories.map((category) => (
          <li
            key={category.name}
            className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-ink ring-1 ring-slate-200"
          >
            {category.name}{" "}
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700 tabular-nums">
              {category.posts}
              <span className="sr-only"> articles</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
