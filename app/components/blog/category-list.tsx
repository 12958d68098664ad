import { Link } from "react-router";
import { blogCategories, categoryParam, totalPosts } from "#app/content/articles.ts";
import { cn } from "#app/lib/cn.ts";

const chip = "inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold";
const current = `${chip} bg-ink text-white`;
const other = `${chip} bg-white text-ink ring-1 ring-slate-200 hover:ring-brand-300`;
const count = "rounded-full px-2 py-0.5 text-xs tabular-nums";

/** Links, so they work without JavaScript; the archive's figures are the agency's own claim (SPEC.md section 9). */
export function CategoryList({ counts, selected }: { counts: Readonly<Record<string, number>>; selected: string | null }) {
  const all = Object.values(counts).reduce((sum, n) => sum + n, 0);
  const topics = [
    { name: "All topics", to: "/blog", shown: all, isCurrent: selected === null },
    ...blogCategories.map((category) => ({
      name: category.name,
      to: `/blog?category=${categoryParam(category.name)}`,
      shown: counts[category.name] ?? 0,
      isCurrent: selected === category.name,
    })),
  ];
  return (
    <nav aria-labelledby="topics" className="rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
      <h2 id="topics" className="text-lg font-bold">
        Topics
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {totalPosts} articles across {blogCategories.length} topics in our archive. Choose a topic to see its latest articles here.
      </p>
      <ul className="mt-4 flex flex-wrap gap-2">
        {topics.map((topic) => (
          <li key={topic.name}>
            <Link
              to={topic.to}
              preventScrollReset
              aria-current={topic.isCurrent ? "page" : undefined}
              className={topic.isCurrent ? current : other}
            >
              {topic.name}{" "}
              <span className={cn(count, topic.isCurrent ? "bg-white/15" : "bg-slate-100 text-slate-700")}>
                {topic.shown}
                <span className="sr-only"> {topic.shown === 1 ? "article" : "articles"}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
