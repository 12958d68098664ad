import { Link } from "react-router";
import { adminMeta } from "#app/components/admin/meta.ts";
import { ListTable, StatusBadge } from "#app/components/admin/ui.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { team } from "#app/content/team.ts";
import { articleStatusLabel } from "#app/lib/article-form.ts";
import { formatSast } from "#app/lib/sast.ts";
import { adminOf, requireRoleFor } from "#server/admin/guard.ts";
import { listArticles } from "#server/articles/store.ts";
import type { Route } from "./+types/articles";

export const meta: Route.MetaFunction = () => adminMeta("Articles");

export async function loader({ context }: Route.LoaderArgs) {
  requireRoleFor(context, "write-articles");
  const articles = await listArticles(adminOf(context).db);
  return {
    articles: articles.map((article) => ({
      id: article.id,
      title: article.title,
      status: article.status,
      category: article.category,
      author: team.find((member) => member.id === article.author)?.name ?? article.author,
      updated: formatSast(article.updatedAt),
      updatedBy: article.updatedBy,
      // A scheduled article's coming time, else when it first went live.
      goesLive: article.status === "scheduled" ? article.publishAt : article.publishedAt,
    })),
  };
}

/** Status badges in the colours the inbox already gives lead statuses of the same sense. */
const tones = { draft: "new", scheduled: "contacted", published: "won", unpublished: "lost" } as const;

export default function ArticlesPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="max-w-6xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Articles</h1>
        <Link to="/admin/articles/new" className={buttonClass({ size: "sm" })}>
          New article
        </Link>
      </div>
      <p className="text-sm text-slate-600">
        Published articles are on the blog within seconds; a scheduled one goes live at its time (SAST).
      </p>
      <ListTable
        caption="Articles"
        columns={["Title", "Status", "Category", "Author", "Updated (SAST)", "Published or scheduled (SAST)"]}
        empty={loaderData.articles.length ? null : "No articles yet."}
      >
        {loaderData.articles.map((article) => (
          <tr key={article.id} className="align-top">
            <td className="px-3 py-2">
              <Link to={`/admin/articles/${article.id}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                {article.title}
              </Link>
            </td>
            <td className="px-3 py-2">
              <StatusBadge status={tones[article.status]} label={articleStatusLabel(article.status)} />
            </td>
            <td className="px-3 py-2">{article.category}</td>
            <td className="px-3 py-2">{article.author}</td>
            <td className="px-3 py-2 whitespace-nowrap tabular-nums">
              {article.updated}
              <span className="block text-xs text-slate-600">by {article.updatedBy}</span>
            </td>
            <td className="px-3 py-2 whitespace-nowrap tabular-nums">{article.goesLive ? formatSast(article.goesLive) : "Not yet"}</td>
          </tr>
        ))}
      </ListTable>
    </div>
  );
}
