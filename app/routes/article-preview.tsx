import { data, Link, redirect } from "react-router";
import { ArticleView } from "#app/components/blog/article-view.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { Icon } from "#app/components/ui/icon.tsx";
import { articleMetaTitle } from "#app/content/articles.ts";
import { documentOnly, useDocumentOnly } from "#app/lib/document-only-data.ts";
import { pageTitle } from "#app/lib/seo.ts";
import { findPreview, previewHeaders } from "#server/articles/preview.ts";
import { servicesOf } from "#server/services.ts";
import { siteContentOf } from "#server/site-content/read.server.ts";
import type { Route } from "./+types/article-preview";

const ROUTE_ID = "routes/article-preview";

/** Never kept, never indexed, its address never sent on (docs/decisions/0040). */
export async function loader(args: Route.LoaderArgs) {
  const { database, secrets } = servicesOf(args.context);
  // Checked before the database is asked anything: a made-up link costs a hash.
  const team = siteContentOf(args.context, "team").members;
  const found = await findPreview(database.db, secrets.articlePreview, args.params.token, undefined, team);
  if (found.state === "live") throw redirect(found.path, { status: 302, headers: previewHeaders });
  if (found.state !== "found") {
    return data({ state: found.state } as const, { status: found.state === "expired" ? 410 : 404, headers: previewHeaders });
  }
  const { html, id: _id, version: _version, ...article } = found.article;
  // A document's hydration data leaves the body out (decision 0026).
  return data({ state: "found", article, until: found.until, ...documentOnly(args, ROUTE_ID, html) } as const, {
    headers: previewHeaders,
  });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

const failures = {
  invalid: {
    title: "This preview link does not work",
    lead: "The link is incomplete or was changed. Ask the person who sent it for a new one.",
  },
  gone: {
    title: "This article is no longer here",
    lead: "The article this link previewed was deleted. Ask the person who sent it if there is a new version.",
  },
  expired: {
    title: "This preview link has expired",
    lead: "Preview links work for seven days, or until the article is taken down or the link withdrawn. Ask the person who sent it for a new one.",
  },
} as const;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: pageTitle(
      loaderData?.state === "found" ? `Preview: ${articleMetaTitle(loaderData.article)}` : failures[loaderData?.state ?? "invalid"].title,
    ),
  },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

export default function ArticlePreviewPage({ loaderData }: Route.ComponentProps) {
  const bodyHtml = useDocumentOnly(ROUTE_ID, loaderData.state === "found" ? loaderData.documentOnly : undefined) ?? "";
  if (loaderData.state !== "found") {
    const text = failures[loaderData.state];
    return (
      <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-20 text-center sm:px-6">
        <Icon name="circle-x" className="size-12 text-slate-500" />
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight sm:text-4xl">{text.title}</h1>
        <p className="mt-4 max-w-xl text-lg text-slate-600">{text.lead}</p>
        <Link to="/blog" className={buttonClass({ size: "lg", className: "mt-8" })}>
          Read the blog
        </Link>
      </div>
    );
  }
  return (
    <>
      <div className="border-b border-amber-300 bg-amber-50">
        <p className="mx-auto max-w-3xl px-4 py-3 text-sm text-amber-950 sm:px-6">
          <strong className="font-semibold">Preview: not published.</strong> This is how the article will look. Anyone with this link can
          read it until {loaderData.until}.
        </p>
      </div>
      <ArticleView article={loaderData.article} bodyHtml={bodyHtml} shareable={false} />
    </>
  );
}
