import { Form, Link, type ShouldRevalidateFunction } from "react-router";
import { adminMeta } from "#app/components/admin/meta.ts";
import { CsrfField, FieldList, Notice, Section } from "#app/components/admin/ui.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { sendPageAction, sendPageLoader } from "#server/articles/send-page.server.ts";
import type { Route } from "./+types/article-send";

export const meta: Route.MetaFunction = ({ loaderData }) => adminMeta(`Send: ${loaderData?.article.title ?? "article"}`);

export const loader = (args: Route.LoaderArgs) => sendPageLoader(args);
export const action = (args: Route.ActionArgs) => sendPageAction(args);

/** A send refused as one made already (from another tab) shows the page as it is now: the progress, no Send button. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

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
