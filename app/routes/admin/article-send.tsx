import { data, Form, Link, redirect } from "react-router";
import { adminMeta } from "#app/components/admin/meta.ts";
import { CsrfField, FieldList, Notice, Section } from "#app/components/admin/ui.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { roleAllows } from "#app/lib/inbox.ts";
import { formatSast } from "#app/lib/sast.ts";
import { actorOf, adminOf, requireRoleFor } from "#server/admin/guard.ts";
import { refuse } from "#server/admin/posts.ts";
import { confirmedSubscriberCount, queueTestSend, retryFailed, sendProgress, startArticleSend } from "#server/articles/send.ts";
import { findArticleById } from "#server/articles/store.ts";
import { readForm } from "#server/http/request.ts";
import { servicesOf } from "#server/services.ts";
import type { Route } from "./+types/article-send";

export const meta: Route.MetaFunction = ({ loaderData }) => adminMeta(`Send: ${loaderData?.article.title ?? "article"}`);

const done = {
  test: "The test is on its way to your address.",
  send: "Sending: each confirmed subscriber gets the article in turn, at the configured rate.",
  retry: "The failed ones are queued again.",
} as const;

const problems = {
  missing: "This article no longer exists.",
  "not-published": "Only a published article can be sent: publish it first.",
  "already-sent": "This article has been sent already: an article goes to the subscribers once.",
  "no-subscribers": "There are no confirmed subscribers to send it to.",
} as const;

function notFound(): never {
  throw data(null, { status: 404 });
}

/** The article the address names, or 404. */
async function articleOf(context: Route.LoaderArgs["context"], id: string) {
  if (!/^\d{1,9}$/.test(id)) notFound();
  return (await findArticleById(adminOf(context).db, Number(id))) ?? notFound();
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
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

export async function action({ params, context, request }: Route.ActionArgs) {
  const session = requireRoleFor(context, "write-articles");
  const article = await articleOf(context, params.id);
  const form = await readForm(request, new Set());
  if (!form.ok) throw refuse(form.status, "That form could not be read.");
  const intent = String(form.fields.intent);
  const services = servicesOf(context);
  const { settings, database } = services;
  if (intent === "test") {
    await queueTestSend(database, article.id, session.user.email, settings.SITE_URL);
  } else if (intent === "send") {
    requireRoleFor(context, "publish");
    if (form.fields.confirm !== "yes") return data({ problem: "Tick the box to confirm the send first." }, { status: 400 });
    const result = await startArticleSend(database, article.id, actorOf(session), {
      siteUrl: settings.SITE_URL,
      perMinute: settings.NEWSLETTER_RATE_PER_MINUTE,
    });
    if (!result.ok) return data({ problem: problems[result.problem] }, { status: 409 });
  } else if (intent === "retry") {
    requireRoleFor(context, "publish");
    await retryFailed(database, article.id, actorOf(session));
  } else {
    throw refuse(400, "Unknown action.");
  }
  services.worker.nudge();
  return redirect(`/admin/articles/${article.id}/send?done=${intent}`, { status: 303 });
}

export default function ArticleSendPage({ loaderData, actionData }: Route.ComponentProps) {
  const { article, csrf, progress, subscribers, canPublish } = loaderData;
  const waiting = progress ? progress.queued + progress.retrying : 0;
  return (
    <div className="max-w-3xl space-y-4">
      <p>
        <Link to={`/admin/articles/${article.id}`} className="text-sm font-medium text-brand-700 hover:underline">
          Back to the article
        </Link>
      </p>
      <h1 className="text-2xl font-bold tracking-tight">Send to subscribers: {article.title}</h1>
      {loaderData.done && !actionData && <Notice>{loaderData.done}</Notice>}
      {actionData?.problem && <Notice tone="error">{actionData.problem}</Notice>}

      <Section title="Test first" id="test">
        <p className="mb-3 text-sm text-slate-600">The email as subscribers will get it, sent to your own address, {loaderData.me}.</p>
        <Form method="post">
          <CsrfField token={csrf} />
          <button type="submit" name="intent" value="test" className={buttonClass({ variant: "secondary", size: "sm" })}>
            Send a test to me
          </button>
        </Form>
      </Section>

      {progress ? (
        <Section
          title="Progress"
          id="progress"
          actions={
            <Link to="." className="text-sm font-medium text-brand-700 hover:underline">
              Refresh
            </Link>
          }
        >
          <FieldList
            items={[
              { label: "Started (SAST)", value: `${progress.startedAt} by ${progress.startedBy}` },
              { label: "Subscribers", value: String(progress.recipients) },
              { label: "Queued", value: String(waiting) },
              { label: "Sent", value: String(progress.sent) },
              { label: "Failed", value: String(progress.failed) },
              { label: "Left before their turn", value: String(progress.skipped) },
              ...(progress.retrying ? [{ label: "Being retried", value: String(progress.retrying) }] : []),
              ...(progress.lastError ? [{ label: "Last error", value: progress.lastError }] : []),
            ]}
          />
          {progress.failed > 0 && canPublish && (
            <Form method="post" className="mt-3">
              <CsrfField token={csrf} />
              <button type="submit" name="intent" value="retry" className={buttonClass({ variant: "secondary", size: "sm" })}>
                Retry the {progress.failed} failed
              </button>
            </Form>
          )}
        </Section>
      ) : (
        <Section title="Send" id="send">
          {!article.published ? (
            <p className="text-sm text-slate-600">Only a published article can be sent to the subscribers.</p>
          ) : !canPublish ? (
            <p className="text-sm text-slate-600">Sending to the subscribers takes the right to publish: ask an admin.</p>
          ) : (
            <Form method="post" className="space-y-3">
              <CsrfField token={csrf} />
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="confirm" value="yes" required />I have read the test: send it now. An article is sent once.
              </label>
              <button type="submit" name="intent" value="send" className={buttonClass({ size: "sm" })} disabled={subscribers === 0}>
                Send to {subscribers} confirmed {subscribers === 1 ? "subscriber" : "subscribers"}
              </button>
            </Form>
          )}
        </Section>
      )}
    </div>
  );
}
