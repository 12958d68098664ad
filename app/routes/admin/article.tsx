import { data, Form, Link, redirect } from "react-router";
import { BodyWithPreview, CountedInput, Field } from "#app/components/admin/article-editor.tsx";
import { FeaturedImage } from "#app/components/blog/featured-image.tsx";
import { PreviewLinkSection } from "#app/components/admin/preview-link.tsx";
import { adminMeta } from "#app/components/admin/meta.ts";
import { CsrfField, inputClass, ListTable, Notice, Section } from "#app/components/admin/ui.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { categoryNames } from "#app/content/articles.ts";
import { team } from "#app/content/team.ts";
import {
  type ArticleForm,
  articleFormSchema,
  articleStatusLabel,
  fieldErrors,
  IMAGE_FILE_TYPES,
  parseSastLocal,
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
} from "#app/lib/article-form.ts";
import { refusalHeaders } from "#app/lib/cache-control.ts";
import { roleAllows } from "#app/lib/inbox.ts";
import { renderMarkdown } from "#app/lib/markdown.ts";
import { mediaImageOf } from "#app/lib/media-images.ts";
import { formatSast, sastClock, sastDay } from "#app/lib/sast.ts";
import { actorOf, adminOf, requireRoleFor } from "#server/admin/guard.ts";
import type { Actor } from "#server/admin/audit.ts";
import { createPreviewLink, previewLinksOf, revokePreviewLink } from "#server/articles/preview.ts";
import { refuse } from "#server/admin/posts.ts";
import {
  type ArticleContent,
  type ArticleRecord,
  createArticle,
  findArticleById,
  listRevisions,
  restoreRevision,
  type SaveResult,
  saveArticle,
  slugRefusal,
  type StateChange,
} from "#server/articles/store.ts";
import { findImage } from "#server/articles/images-store.ts";
import { readArticlePost, storeArticleUpload } from "#server/articles/upload.ts";
import { servicesOf } from "#server/services.ts";
import type { Route } from "./+types/article";

export { answerHeaders as headers } from "#app/lib/cache-control.ts";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData?.article ? `Edit: ${loaderData.article.title}` : "New article");

const NEW = "new";

const done = {
  save: "Saved.",
  publish: "Published.",
  schedule: "Scheduled.",
  unpublish: "Unpublished: the article is no longer live.",
  restore: "Restored: that version is now the article's content, as a new revision.",
} as const;

/** Preview and upload show the form again, saving nothing. */
type Intent = keyof typeof done | "preview" | "upload";

/** The form's text, as its inputs hold it. */
type Values = Record<
  | "title"
  | "slug"
  | "excerpt"
  | "category"
  | "author"
  | "keywords"
  | "seoTitle"
  | "seoDescription"
  | "imagePath"
  | "imageAlt"
  | "body"
  | "featured"
  | "readTime"
  | "publishAt",
  string
>;

const localTime = (instant: Date | null) => (instant ? `${sastDay(instant)}T${sastClock(instant)}` : "");

function valuesOf(article: ArticleRecord | undefined): Values {
  return {
    title: article?.title ?? "",
    slug: article?.slug ?? "",
    excerpt: article?.excerpt ?? "",
    category: article?.category ?? "",
    author: article?.author ?? "",
    keywords: article?.keywords.join(", ") ?? "",
    seoTitle: article?.seoTitle ?? "",
    seoDescription: article?.seoDescription ?? "",
    imagePath: article?.imagePath ?? "",
    imageAlt: article?.imageAlt ?? "",
    body: article?.body ?? "",
    featured: article?.featured ? "on" : "",
    readTime: article?.readTimeMinutes ? String(article.readTimeMinutes) : "",
    publishAt: localTime(article?.publishAt ?? null),
  };
}

/** What was posted, as text, for the form to show again. */
function typedValues(fields: Record<string, string | string[]>): Values {
  const text = (name: keyof Values) => (typeof fields[name] === "string" ? fields[name] : "");
  return Object.fromEntries(Object.keys(valuesOf(undefined)).map((name) => [name, text(name as keyof Values)])) as Values;
}

/** An article id from the address, or 404. */
async function articleOf(db: ReturnType<typeof adminOf>["db"], id: string) {
  const article = /^\d{1,9}$/.test(id) ? await findArticleById(db, Number(id)) : undefined;
  if (!article) throw data(null, { status: 404 });
  return article;
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const session = requireRoleFor(context, "write-articles");
  const { db } = adminOf(context);
  const article = params.id === NEW ? undefined : await articleOf(db, params.id);
  const revisions = article ? await listRevisions(db, article.id) : [];
  const saved = new URL(request.url).searchParams.get("done");
  return {
    csrf: session.csrfToken,
    canPublish: roleAllows(session.user.role, "publish"),
    done: saved && saved in done ? done[saved as keyof typeof done] : null,
    article: article && {
      id: article.id,
      title: article.title,
      status: article.status,
      version: article.version,
      publishedAt: article.publishedAt && formatSast(article.publishedAt),
      publishAt: article.publishAt && formatSast(article.publishAt),
      updated: formatSast(article.updatedAt),
      updatedBy: article.updatedBy,
    },
    values: valuesOf(article),
    previewHtml: renderMarkdown(article?.body ?? ""),
    previewLinks: article && article.status !== "published" ? await previewLinksOf(db, article.id) : [],
    revisions: revisions.map((revision) => ({ ...revision, savedAt: formatSast(revision.savedAt) })),
  };
}

const stateChanges: Record<Exclude<Intent, "preview" | "upload" | "restore">, (publishAt: Date | null) => StateChange> = {
  save: () => ({ to: "keep" }),
  publish: () => ({ to: "published" }),
  schedule: (at) => ({ to: "scheduled", at: at! }),
  unpublish: () => ({ to: "unpublished" }),
};

function contentOf(form: ArticleForm): ArticleContent {
  return {
    slug: form.slug,
    title: form.title,
    excerpt: form.excerpt,
    category: form.category,
    author: form.author,
    keywords: form.keywords,
    seoTitle: form.seoTitle || null,
    seoDescription: form.seoDescription || null,
    imagePath: form.imagePath || null,
    imageAlt: form.imageAlt || null,
    body: form.body,
    featured: form.featured,
    readTimeMinutes: form.readTime,
  };
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const session = requireRoleFor(context, "write-articles");
  const { db } = adminOf(context);
  const actor = actorOf(session);
  const existing = params.id === NEW ? undefined : await articleOf(db, params.id);
  const post = await readArticlePost(request);
  if (!post.ok) throw refuse(post.status, post.message);
  const fields = post.fields;
  // The "Preview link" section's own post: a link, nothing saved.
  if (fields.intent === "preview-link") return previewLink(context, existing, actor);
  if (fields.intent === "revoke-preview-link") return revokeLink(context, existing, Number(fields.link), actor);
  const intent = String(fields.intent) as Intent;
  if (!(intent in done) && intent !== "preview" && intent !== "upload") throw refuse(400, "Unknown action.");
  const version = Number(fields.version);
  const values = typedValues(fields);
  const answer = (
    status: number,
    extra: { errors?: Record<string, string>; problem?: string; notice?: string; version?: number; preview?: string },
    headers?: HeadersInit,
  ) =>
    data(
      { values, errors: {}, problem: null, notice: null, version: null, preview: null, previewLink: null, ...extra },
      { status, headers },
    );
  // What is live, or about to be, changes only with the right to publish; so does every change of state.
  const live = existing?.status === "published" || existing?.status === "scheduled";
  const changesState = intent === "publish" || intent === "schedule" || intent === "unpublish";
  if (changesState || (live && intent !== "preview" && intent !== "upload")) requireRoleFor(context, "publish");
  // A file posted with the form becomes its images now that the post is allowed (server/articles/upload.ts).
  const upload = post.file && (await storeArticleUpload(servicesOf(context), actor, post.file));
  if (upload && !upload.ok)
    return answer(upload.status, { errors: { imageFile: upload.problem } }, refusalHeaders(upload.retryAfterSeconds));
  if (upload) values.imagePath = fields.imagePath = upload.path;
  if (intent === "upload") {
    return upload
      ? answer(200, { notice: "Image uploaded: it is shown below. Save to keep it with the article." })
      : answer(400, { errors: { imageFile: "Choose an image file to upload." } });
  }

  let result: SaveResult;
  if (intent === "restore") {
    if (!existing) throw data(null, { status: 404 });
    result = await restoreRevision(db, existing.id, Number(fields.revision), version, actor);
  } else {
    const parsed = articleFormSchema.safeParse(fields);
    if (intent === "preview")
      return answer(200, { preview: renderMarkdown(values.body), errors: parsed.success ? {} : fieldErrors(parsed.error.issues) });
    if (!parsed.success) return answer(400, { errors: fieldErrors(parsed.error.issues) });
    if (parsed.data.imagePath.startsWith("/media/") && !(await isUploaded(db, parsed.data.imagePath))) {
      return answer(400, { errors: { imagePath: "No image was uploaded at that path: upload the image again." } });
    }
    const publishAt = parseSastLocal(parsed.data.publishAt);
    if (intent === "schedule" && (!publishAt || publishAt.getTime() <= Date.now())) {
      return answer(400, { errors: { publishAt: "Give a time to publish in the future (SAST)." } });
    }
    const content = contentOf(parsed.data);
    const change = stateChanges[intent](publishAt);
    if (existing) result = await saveArticle(db, existing.id, version, content, change, actor);
    else {
      result = await createArticle(db, content, actor);
      if (result.ok && change.to !== "keep") result = await saveArticle(db, result.id, result.version, content, change, actor);
    }
  }
  if (result.ok) {
    // Live on this instance before the editor's next page; the others notice within a poll.
    await servicesOf(context).articles.refresh();
    return redirect(`/admin/articles/${result.id}?done=${intent}`, { status: 303 });
  }
  switch (result.problem) {
    case "missing":
      throw data(null, { status: 404 });
    case "slug-taken":
    case "slug-moved":
      return answer(409, { errors: { slug: slugRefusal(result) } });
    case "conflict":
      return answer(409, {
        version: result.version,
        problem: `${result.by} saved this article at ${formatSast(result.at)} (SAST), after you opened it, so your changes were not saved. What you typed is still below: save again to replace their version with yours, or open the article in another tab to compare first.`,
      });
  }
}

/**
 * The "Preview link" section's post (docs/decisions/0040): a signed link to the
 * article as last saved, for someone without an inbox account; audited, nothing saved.
 */
async function previewLink(context: Route.ActionArgs["context"], existing: ArticleRecord | undefined, actor: Actor) {
  if (!existing) throw data(null, { status: 404 });
  if (existing.status === "published") throw refuse(400, "This article is live: send its own address.");
  const { db, settings } = adminOf(context);
  const link = await createPreviewLink(db, servicesOf(context).secrets.articlePreview, settings.SITE_URL, existing, actor);
  return linkAnswer(existing, { previewLink: link });
}

/** Revoke, beside a listed preview link: it answers as an expired one from now on; audited, nothing else saved. */
async function revokeLink(context: Route.ActionArgs["context"], existing: ArticleRecord | undefined, linkId: number, actor: Actor) {
  if (!existing) throw data(null, { status: 404 });
  const revoked = Number.isSafeInteger(linkId) && (await revokePreviewLink(adminOf(context).db, existing, linkId, actor));
  return linkAnswer(existing, {
    notice: revoked ? "Preview link revoked: it no longer opens this article." : "That preview link had already stopped working.",
  });
}

/** The editor again, with the saved article, after a post of the "Preview link" section. */
const linkAnswer = (existing: ArticleRecord, extra: { previewLink?: { url: string; until: string }; notice?: string }) =>
  data({ values: valuesOf(existing), errors: {}, problem: null, notice: null, version: null, preview: null, previewLink: null, ...extra });

/** Whether a /media/ path names an upload, at its recorded size. */
async function isUploaded(db: ReturnType<typeof adminOf>["db"], path: string) {
  const named = mediaImageOf(path);
  const stored = named && (await findImage(db, named.hash));
  return Boolean(stored && stored.width === named.width && stored.height === named.height && stored.fallback === named.fallback);
}

const statusNote = (article: NonNullable<Route.ComponentProps["loaderData"]["article"]>) =>
  article.status === "scheduled"
    ? `Scheduled for ${article.publishAt} (SAST).`
    : article.status === "published"
      ? `Live since ${article.publishedAt} (SAST).`
      : articleStatusLabel(article.status) + ".";

export default function ArticleEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { article, csrf, canPublish } = loaderData;
  const values = actionData?.values ?? loaderData.values;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const version = actionData?.version ?? article?.version ?? 0;
  const previewHtml = actionData?.preview ?? loaderData.previewHtml;
  const live = article?.status === "published" || article?.status === "scheduled";
  const errorCount = Object.keys(errors).length;
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
          {statusNote(article)} Version {article.version}, saved {article.updated} by {article.updatedBy}.{" "}
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
        <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
          <Field name="title" label="Title" error={errors.title}>
            {(describedBy) => (
              <input
                id="title"
                name="title"
                defaultValue={values.title}
                aria-invalid={errors.title ? true : undefined}
                aria-describedby={describedBy}
                className={inputClass}
              />
            )}
          </Field>
          <Field name="slug" label="Slug" error={errors.slug} hint="The address: /blog/slug. Changing it keeps the old address working.">
            {(describedBy) => (
              <input
                id="slug"
                name="slug"
                defaultValue={values.slug}
                aria-invalid={errors.slug ? true : undefined}
                aria-describedby={describedBy}
                className={`${inputClass} font-mono`}
              />
            )}
          </Field>
          <div className="sm:col-span-2">
            <Field name="excerpt" label="Excerpt" error={errors.excerpt} hint="One or two sentences under the title and on the listing.">
              {(describedBy) => (
                <textarea
                  id="excerpt"
                  name="excerpt"
                  rows={2}
                  defaultValue={values.excerpt}
                  aria-invalid={errors.excerpt ? true : undefined}
                  aria-describedby={describedBy}
                  className={inputClass}
                />
              )}
            </Field>
          </div>
          <Field name="category" label="Category" error={errors.category}>
            {(describedBy) => (
              <select
                id="category"
                name="category"
                defaultValue={values.category}
                aria-invalid={errors.category ? true : undefined}
                aria-describedby={describedBy}
                className={inputClass}
              >
                <option value="">Choose…</option>
                {categoryNames.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field name="author" label="Author" error={errors.author}>
            {(describedBy) => (
              <select
                id="author"
                name="author"
                defaultValue={values.author}
                aria-invalid={errors.author ? true : undefined}
                aria-describedby={describedBy}
                className={inputClass}
              >
                <option value="">Choose…</option>
                {team.map((member) => (
                  <option key={member.id} value={member.id}>
                    {member.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field name="keywords" label="Keywords" error={errors.keywords} hint="Separated by commas.">
            {(describedBy) => (
              <input id="keywords" name="keywords" defaultValue={values.keywords} aria-describedby={describedBy} className={inputClass} />
            )}
          </Field>
          <Field
            name="readTime"
            label="Read time in minutes (optional)"
            error={errors.readTime}
            hint="Left empty, it is computed from the body."
          >
            {(describedBy) => (
              <input
                id="readTime"
                name="readTime"
                inputMode="numeric"
                defaultValue={values.readTime}
                aria-invalid={errors.readTime ? true : undefined}
                aria-describedby={describedBy}
                className={inputClass}
              />
            )}
          </Field>
          <CountedInput
            name="seoTitle"
            label="SEO title (optional)"
            value={values.seoTitle}
            max={SEO_TITLE_MAX}
            error={errors.seoTitle}
            hint="For the title tag when the title is longer than search results show."
          />
          <CountedInput
            name="seoDescription"
            label="SEO description (optional)"
            value={values.seoDescription}
            max={SEO_DESCRIPTION_MAX}
            error={errors.seoDescription}
            hint="For search results; left empty, the excerpt."
          />
          <div className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
            <Field
              name="imageFile"
              label="Upload a featured image"
              error={errors.imageFile}
              hint="A JPEG, PNG, WebP or AVIF of at most 10 MB, best 1200 pixels wide or more. Its location and camera details are removed."
            >
              {(describedBy) => (
                <div className="flex flex-wrap items-center gap-2">
                  <input
                    id="imageFile"
                    name="imageFile"
                    type="file"
                    accept={IMAGE_FILE_TYPES}
                    aria-invalid={errors.imageFile ? true : undefined}
                    aria-describedby={describedBy}
                    className="text-sm"
                  />
                  <button type="submit" name="intent" value="upload" className={buttonClass({ variant: "secondary", size: "sm" })}>
                    Upload
                  </button>
                </div>
              )}
            </Field>
            {mediaImageOf(values.imagePath) && (
              <FeaturedImage src={values.imagePath} alt="" sizes="20rem" className="max-w-80 rounded-md ring-1 ring-slate-200" />
            )}
          </div>
          <Field
            name="imagePath"
            label="Featured image path (optional)"
            error={errors.imagePath}
            hint="Filled in by an upload; or a path on this site, e.g. /blog/images/chart.svg."
          >
            {(describedBy) => (
              <input
                id="imagePath"
                name="imagePath"
                // A new upload's path replaces what the input held.
                key={values.imagePath}
                defaultValue={values.imagePath}
                aria-invalid={errors.imagePath ? true : undefined}
                aria-describedby={describedBy}
                className={`${inputClass} font-mono`}
              />
            )}
          </Field>
          <Field
            name="imageAlt"
            label="Image alt text"
            error={errors.imageAlt}
            hint="Required with an image: what it shows, for readers who cannot see it."
          >
            {(describedBy) => (
              <input
                id="imageAlt"
                name="imageAlt"
                defaultValue={values.imageAlt}
                aria-invalid={errors.imageAlt ? true : undefined}
                aria-describedby={describedBy}
                className={inputClass}
              />
            )}
          </Field>
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input type="checkbox" name="featured" defaultChecked={values.featured === "on"} />
            Featured on the blog&apos;s listing
          </label>
        </div>

        <BodyWithPreview value={values.body} previewHtml={previewHtml} error={errors.body} />

        <div className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4">
          <button type="submit" name="intent" value="save" className={buttonClass({ size: "sm" })}>
            {article ? "Save" : "Save as draft"}
          </button>
          <button type="submit" name="intent" value="preview" className={buttonClass({ variant: "secondary", size: "sm" })}>
            Preview
          </button>
          {canPublish && (
            <>
              <button type="submit" name="intent" value="publish" className={buttonClass({ variant: "secondary", size: "sm" })}>
                {article?.status === "published" ? "Save and keep published" : "Publish now"}
              </button>
              <Field name="publishAt" label="Publish at (SAST)" error={errors.publishAt}>
                {(describedBy) => (
                  <input
                    id="publishAt"
                    name="publishAt"
                    type="datetime-local"
                    defaultValue={values.publishAt}
                    aria-invalid={errors.publishAt ? true : undefined}
                    aria-describedby={describedBy}
                    className={inputClass}
                  />
                )}
              </Field>
              <button type="submit" name="intent" value="schedule" className={buttonClass({ variant: "secondary", size: "sm" })}>
                Schedule
              </button>
              {live && (
                <button type="submit" name="intent" value="unpublish" className={buttonClass({ variant: "ghost", size: "sm" })}>
                  Unpublish
                </button>
              )}
            </>
          )}
        </div>
      </Form>

      {article && article.status !== "published" && (
        <PreviewLinkSection csrf={csrf} link={actionData?.previewLink ?? null} links={loaderData.previewLinks} />
      )}

      {article && (
        <Section title="Revisions" id="revisions">
          <ListTable caption="Revisions, newest first" columns={["Saved (SAST)", "Version", "What", "Who", "Restore"]} empty={null}>
            {loaderData.revisions.map((revision) => (
              <tr key={revision.id} className="align-top">
                <td className="px-3 py-2 whitespace-nowrap tabular-nums">{revision.savedAt}</td>
                <td className="px-3 py-2 tabular-nums">{revision.version}</td>
                <td className="px-3 py-2">{revision.action}</td>
                <td className="px-3 py-2">{revision.savedBy}</td>
                <td className="px-3 py-2">
                  {revision.version !== article.version && (canPublish || !live) && (
                    <Form method="post">
                      <CsrfField token={csrf} />
                      <input type="hidden" name="intent" value="restore" />
                      <input type="hidden" name="revision" value={revision.id} />
                      <input type="hidden" name="version" value={article.version} />
                      <button type="submit" className={buttonClass({ variant: "ghost", size: "sm" })}>
                        Restore<span className="sr-only"> version {revision.version}</span>
                      </button>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </ListTable>
        </Section>
      )}
    </div>
  );
}
