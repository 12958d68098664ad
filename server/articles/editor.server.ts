import { data, redirect } from "react-router";
import {
  type ArticleForm,
  articleFormSchema,
  articleStatusLabel,
  type ArticleValues,
  fieldErrors,
  parseSastLocal,
} from "#app/lib/article-form.ts";
import { refusalHeaders } from "#app/lib/cache-control.ts";
import { roleAllows } from "#app/lib/inbox.ts";
import { renderMarkdown } from "#app/lib/markdown.ts";
import { formatSast, sastClock, sastDay } from "#app/lib/sast.ts";
import type { Actor } from "#server/audit/audit.ts";
import { type AdminRouteArgs, actorOf, adminOf, requireRoleFor } from "#server/admin/guard.ts";
import { refuse } from "#server/admin/posts.ts";
import { createPreviewLink, previewLinksOf, revokePreviewLink } from "#server/articles/preview.ts";
import { articlePublishing } from "#server/articles/publishing.ts";
import {
  type ArticleContent,
  type ArticleRecord,
  findArticleById,
  listRevisions,
  type SaveResult,
  slugRefusal,
  type StateChange,
} from "#server/articles/store.ts";
import { isUploaded, readImagePost, storeImageUpload } from "#server/articles/upload.ts";
import { servicesOf } from "#server/services.ts";

// Loader and action of app/routes/admin/article.tsx (docs/decisions/0036); preview and upload save nothing.

const NEW = "new";

const done = {
  save: "Saved.",
  publish: "Published.",
  schedule: "Scheduled.",
  unpublish: "Unpublished: the article is no longer live.",
  restore: "Restored: that version is now the article's content, as a new revision.",
} as const;

type Intent = keyof typeof done | "preview" | "upload";

const stateChanges: Record<Exclude<Intent, "preview" | "upload" | "restore">, (publishAt: Date | null) => StateChange> = {
  save: () => ({ to: "keep" }),
  publish: () => ({ to: "published" }),
  schedule: (at) => ({ to: "scheduled", at: at! }),
  unpublish: () => ({ to: "unpublished" }),
};

const localTime = (instant: Date | null) => (instant ? `${sastDay(instant)} ${sastClock(instant)}` : "");

function valuesOf(article: ArticleRecord | undefined): ArticleValues {
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

function typedValues(fields: Record<string, string | string[]>): ArticleValues {
  const text = (name: string) => (typeof fields[name] === "string" ? fields[name] : "");
  return Object.fromEntries(Object.keys(valuesOf(undefined)).map((name) => [name, text(name)])) as ArticleValues;
}

function contentOf(form: ArticleForm): ArticleContent {
  const { slug, title, excerpt, category, author, keywords, body, featured } = form;
  return {
    ...{ slug, title, excerpt, category, author, keywords },
    seoTitle: form.seoTitle || null,
    seoDescription: form.seoDescription || null,
    imagePath: form.imagePath || null,
    imageAlt: form.imageAlt || null,
    ...{ body, featured },
    readTimeMinutes: form.readTime,
  };
}

async function articleOf(context: AdminRouteArgs["context"], id: string) {
  const article = /^\d{1,9}$/.test(id) ? await findArticleById(adminOf(context).db, Number(id)) : undefined;
  if (!article) throw data(null, { status: 404 });
  return article;
}

/** The team as the agency has it now (decision 0052): an article's author is one of its members. */
const teamOf = (context: AdminRouteArgs["context"]) => servicesOf(context).siteContent.content("team").members;

const statusNote = (article: ArticleRecord) =>
  article.status === "scheduled"
    ? `Scheduled for ${formatSast(article.publishAt!)} (SAST).`
    : article.status === "published"
      ? `Live since ${formatSast(article.publishedAt!)} (SAST).`
      : articleStatusLabel(article.status) + ".";

export async function editorLoader({ params, context, request }: AdminRouteArgs<{ id: string }>) {
  const session = requireRoleFor(context, "write-articles");
  const { db } = adminOf(context);
  const article = params.id === NEW ? undefined : await articleOf(context, params.id);
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
      note: `${statusNote(article)} Version ${article.version}, saved ${formatSast(article.updatedAt)} by ${article.updatedBy}.`,
    },
    values: valuesOf(article),
    authors: teamOf(context).map((member) => ({ value: member.id, label: member.name })),
    previewHtml: renderMarkdown(article?.body ?? ""),
    previewLinks: article && article.status !== "published" ? await previewLinksOf(db, article.id) : [],
    revisions: revisions.map((revision) => ({ ...revision, savedAt: formatSast(revision.savedAt) })),
  };
}

interface Answer {
  errors?: Record<string, string>;
  problem?: string;
  notice?: string;
  version?: number;
  preview?: string;
  previewLink?: { url: string; until: string };
}

// `answeredAt` tells the page a new answer came.
const answer = (values: ArticleValues, status: number, extra: Answer, headers?: HeadersInit) =>
  data(
    { values, errors: {}, problem: null, notice: null, version: null, preview: null, previewLink: null, answeredAt: Date.now(), ...extra },
    { status, headers },
  );

export async function editorAction({ params, context, request }: AdminRouteArgs<{ id: string }>) {
  const session = requireRoleFor(context, "write-articles");
  const actor = actorOf(session);
  const existing = params.id === NEW ? undefined : await articleOf(context, params.id);
  const post = await readImagePost(request);
  if (!post.ok) throw refuse(post.status, post.message);
  const fields = post.fields;
  if (fields.intent === "preview-link") return previewLink(context, existing, actor);
  if (fields.intent === "revoke-preview-link") return revokeLink(context, existing, Number(fields.link), actor);
  const intent = String(fields.intent) as Intent;
  if (!(intent in done) && intent !== "preview" && intent !== "upload") throw refuse(400, "Unknown action.");
  const version = Number(fields.version);
  const values = typedValues(fields);
  // What is live, or about to be, changes only with the right to publish; so does every change of state.
  const live = existing?.status === "published" || existing?.status === "scheduled";
  const changesState = intent === "publish" || intent === "schedule" || intent === "unpublish";
  if (changesState || (live && intent !== "preview" && intent !== "upload")) requireRoleFor(context, "publish");
  // Stored only now that the post is allowed (server/articles/upload.ts).
  const upload = post.file && (await storeImageUpload(servicesOf(context), actor, post.file));
  if (upload && !upload.ok)
    return answer(values, upload.status, { errors: { imageFile: upload.problem } }, refusalHeaders(upload.retryAfterSeconds));
  if (upload) values.imagePath = fields.imagePath = upload.path;
  if (intent === "upload") {
    return upload
      ? answer(values, 200, { notice: "Image uploaded: it is shown below. Save to keep it with the article." })
      : answer(values, 400, { errors: { imageFile: "Choose an image file to upload." } });
  }

  const publishing = articlePublishing(servicesOf(context));
  let result: SaveResult;
  if (intent === "restore") {
    if (!existing) throw data(null, { status: 404 });
    result = await publishing.restore(existing.id, Number(fields.revision), version, actor);
  } else {
    const parsed = articleFormSchema(teamOf(context).map((member) => member.id)).safeParse(fields);
    const errors = parsed.success ? {} : fieldErrors(parsed.error.issues);
    if (intent === "preview") return answer(values, 200, { preview: renderMarkdown(values.body), errors });
    if (!parsed.success) return answer(values, 400, { errors });
    if (parsed.data.imagePath.startsWith("/media/") && !(await isUploaded(adminOf(context).db, parsed.data.imagePath))) {
      return answer(values, 400, { errors: { imagePath: "No image was uploaded at that path: upload the image again." } });
    }
    const publishAt = parseSastLocal(parsed.data.publishAt);
    if (intent === "schedule" && (!publishAt || publishAt.getTime() <= Date.now())) {
      return answer(values, 400, { errors: { publishAt: "Give a time to publish in the future (SAST)." } });
    }
    result = await publishing.save(existing?.id ?? null, version, contentOf(parsed.data), stateChanges[intent](publishAt), actor);
  }
  if (result.ok) return redirect(`/admin/articles/${result.id}?done=${intent}`, { status: 303 });
  switch (result.problem) {
    case "missing":
      throw data(null, { status: 404 });
    case "slug-taken":
    case "slug-moved":
      return answer(values, 409, { errors: { slug: slugRefusal(result) } });
    case "conflict":
      return answer(values, 409, {
        version: result.version,
        problem: `${result.by} saved this article at ${formatSast(result.at)} (SAST), after you opened it, so your changes were not saved. What you typed is still below: save again to replace their version with yours, or open the article in another tab to compare first.`,
      });
  }
}

/** For someone without an inbox account (docs/decisions/0040); audited, nothing saved. */
async function previewLink(context: AdminRouteArgs["context"], existing: ArticleRecord | undefined, actor: Actor) {
  if (!existing) throw data(null, { status: 404 });
  if (existing.status === "published") throw refuse(400, "This article is live: send its own address.");
  const { db, settings } = adminOf(context);
  const link = await createPreviewLink(db, servicesOf(context).secrets.articlePreview, settings.SITE_URL, existing, actor);
  return answer(valuesOf(existing), 200, { previewLink: link });
}

async function revokeLink(context: AdminRouteArgs["context"], existing: ArticleRecord | undefined, linkId: number, actor: Actor) {
  if (!existing) throw data(null, { status: 404 });
  const revoked = Number.isSafeInteger(linkId) && (await revokePreviewLink(adminOf(context).db, existing, linkId, actor));
  return answer(valuesOf(existing), 200, {
    notice: revoked ? "Preview link revoked: it no longer opens this article." : "That preview link had already stopped working.",
  });
}
