import { Form, Link } from "react-router";
import { BodyWithPreview } from "#app/components/admin/article-editor.tsx";
import { ArticleActions, ArticleFields } from "#app/components/admin/article-fields.tsx";
import { PreviewLinkSection } from "#app/components/admin/preview-link.tsx";
import { adminMeta } from "#app/components/admin/meta.ts";
import { RevisionsSection } from "#app/components/admin/revisions.tsx";
import { CsrfField, Notice } from "#app/components/admin/ui.tsx";
import { editorAction, editorLoader } from "#server/articles/editor.server.ts";
import type { Route } from "./+types/article";

export { answerHeaders as headers } from "#app/lib/cache-control.ts";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData?.article ? `Edit: ${loaderData.article.title}` : "New article");

export const loader = (args: Route.LoaderArgs) => editorLoader(args);
export const action = (args: Route.ActionArgs) => editorAction(args);

export default function ArticleEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { article, csrf, canPublish } = loaderData;
  const values = actionData?.values ?? loaderData.values;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const version = actionData?.version ?? article?.version ?? 0;
  const live = article?.status === "published" || article?.status === "scheduled";
  const errorCount = Object.keys(errors).length;
  const fields = { values, errors, fileKey: String(actionData?.answeredAt ?? "") };
  return (
    <div className="space-y-4">
      <p>
        <Link to="/admin/articles" className="text-sm font-medium text-brand-700 hover:underline">
          All articles
        </Link>
      </p>
      <h1 className="text-2xl font-bold tracking-tight">{article ? article.title : "New article"}</h1>
      {article && (
        <p className="text-sm text-slate-600">
          {article.note}{" "}
          <Link to={`/admin/articles/${article.id}/send`} className="font-medium text-brand-700 hover:underline">
            Send to subscribers
          </Link>
        </p>
      )}
      {loaderData.done && !actionData && <Notice>{loaderData.done}</Notice>}
      {actionData?.problem && <Notice tone="error">{actionData.problem}</Notice>}
      {actionData?.notice && <Notice>{actionData.notice}</Notice>}
      {errorCount > 0 && (
        <Notice tone="error">
          {errorCount === 1 ? "One field needs" : `${errorCount} fields need`} a change before this can be saved: see the messages below.
        </Notice>
      )}
      {!canPublish && live && <Notice tone="error">This article is live: changes to it are saved by an admin, who may publish.</Notice>}

      {/* Multipart, for the image file; the action streams it (server/articles/upload.ts). */}
      {/* A new form for each saved version: after a save in place its fields show what was saved (an upload's path
          included, the file input emptied), where uncontrolled inputs would keep the old text. */}
      <Form key={`${article?.id ?? "new"}:${version}`} method="post" encType="multipart/form-data" className="space-y-4">
        <CsrfField token={csrf} />
        <input type="hidden" name="version" value={version} />
        <ArticleFields {...fields} authors={loaderData.authors} />
        <BodyWithPreview value={values.body} previewHtml={actionData?.preview ?? loaderData.previewHtml} error={errors.body} />
        <ArticleActions status={article?.status ?? null} canPublish={canPublish} {...fields} />
      </Form>

      {article && article.status !== "published" && (
        <PreviewLinkSection csrf={csrf} link={actionData?.previewLink ?? null} links={loaderData.previewLinks} />
      )}

      {article && (
        <RevisionsSection revisions={loaderData.revisions} current={article.version} csrf={csrf} canRestore={canPublish || !live} />
      )}
    </div>
  );
}
