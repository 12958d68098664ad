import { data, redirect } from "react-router";
import { roleAllows } from "#app/lib/inbox.ts";
import { formatSast } from "#app/lib/sast.ts";
import { type AdminRouteArgs, actorOf, adminOf, requireRoleFor } from "#server/admin/guard.ts";
import { refuse } from "#server/admin/posts.ts";
import { confirmedSubscriberCount, queueTestSend, retryFailed, sendProgress, startArticleSend } from "#server/articles/send.ts";
import { findArticleById } from "#server/articles/store.ts";
import { readForm } from "#server/http/request.ts";
import { servicesOf } from "#server/services.ts";

// Loader and action of app/routes/admin/article-send.tsx (docs/decisions/0038).

const done = {
  test: "The test is on its way to your address.",
  send: "Sending: each confirmed subscriber gets the article in turn, at the configured rate.",
  retry: "The failed ones are queued again.",
} as const;

const problems = {
  missing: "This article no longer exists.",
  "not-published": "Only a published article can be sent: publish it first.",
  "no-subscribers": "There are no confirmed subscribers to send it to.",
} as const;

function notFound(): never {
  throw data(null, { status: 404 });
}

async function articleOf(context: AdminRouteArgs["context"], id: string) {
  if (!/^\d{1,9}$/.test(id)) notFound();
  return (await findArticleById(adminOf(context).db, Number(id))) ?? notFound();
}

export async function sendPageLoader({ params, context, request }: AdminRouteArgs<{ id: string }>) {
  const session = requireRoleFor(context, "write-articles");
  const article = await articleOf(context, params.id);
  const { db } = adminOf(context);
  const progress = await sendProgress(db, article.id);
  const saved = new URL(request.url).searchParams.get("done");
  return {
    csrf: session.csrfToken,
    me: session.user.email,
    canPublish: roleAllows(session.user.role, "publish"),
    done: saved && saved in done ? done[saved as keyof typeof done] : null,
    article: { id: article.id, title: article.title, published: article.status === "published" },
    subscribers: await confirmedSubscriberCount(db),
    progress: progress && { ...progress, startedAt: formatSast(progress.startedAt) },
  };
}

export async function sendPageAction({ params, context, request }: AdminRouteArgs<{ id: string }>) {
  const session = requireRoleFor(context, "write-articles");
  const article = await articleOf(context, params.id);
  const form = await readForm(request, new Set());
  if (!form.ok) throw refuse(form.status, "That form could not be read.");
  const intent = String(form.fields.intent);
  const services = servicesOf(context);
  const { settings, database } = services;
  // The byline names the author as the team has it now, the signature the contact details (decision 0052).
  const made = {
    siteUrl: settings.SITE_URL,
    team: services.siteContent.content("team").members,
    contact: services.siteContent.content("contact"),
  };
  if (intent === "test") {
    await queueTestSend(database, article.id, session.user.email, made);
  } else if (intent === "send") {
    requireRoleFor(context, "publish");
    if (form.fields.confirm !== "yes") return data({ problem: "Tick the box to confirm the send first." }, { status: 400 });
    const result = await startArticleSend(database, article.id, actorOf(session), {
      ...made,
      perMinute: settings.NEWSLETTER_RATE_PER_MINUTE,
    });
    if (result.ok) return sent(services, article.id, intent);
    if (result.problem !== "already-sent") return data({ problem: problems[result.problem] }, { status: 409 });
    // Pressed in a second tab opened before the send: nothing is sent again, and the page says when it was.
    const progress = await sendProgress(adminOf(context).db, article.id);
    const when = progress ? ` on ${formatSast(progress.startedAt)} (SAST) by ${progress.startedBy}` : "";
    return data(
      { problem: `This article has been sent already${when}: an article goes to the subscribers once, so it was not sent again.` },
      { status: 409 },
    );
  } else if (intent === "retry") {
    requireRoleFor(context, "publish");
    await retryFailed(database, article.id, actorOf(session));
  } else {
    throw refuse(400, "Unknown action.");
  }
  return sent(services, article.id, intent);
}

function sent(services: ReturnType<typeof servicesOf>, articleId: number, intent: string) {
  services.worker.nudge();
  return redirect(`/admin/articles/${articleId}/send?done=${intent}`, { status: 303 });
}
