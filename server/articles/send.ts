import type { Kysely } from "kysely";
import { type Actor, recordAudit } from "#server/audit/audit.ts";
import { type ArticleEmail, articleEmail, type ArticleMailContext, personalise } from "#server/articles/newsletter-email.ts";
import { findArticleById } from "#server/articles/store.ts";
import type { DatabaseHandle } from "#server/db/connect.ts";
import type { Database, OutboxStatus } from "#server/db/schema.ts";
import { log } from "#server/log.ts";
import type { Mailer } from "#server/mail/transport.ts";
import { UNSUBSCRIBE_PATH } from "#server/newsletter/subscribers.ts";
import { messageIdOf } from "#server/outbox/mail-files.ts";
import type { OutboxMessage } from "#server/outbox/store.ts";
import type { Sender } from "#server/outbox/worker.ts";
import { enqueue } from "#server/outbox/store.ts";

// Copies are due at their turn of the rate, so the pace holds across instances and restarts (docs/decisions/0038).

const SEND_KIND = "Article newsletter";
const TEST_KIND = "Article newsletter test";
// Well inside both databases' limits on bound values.
const INSERT_BATCH = 500;

export type StartResult =
  { ok: true; recipients: number } | { ok: false; problem: "missing" | "not-published" | "already-sent" | "no-subscribers" };

const intervalMs = (perMinute: number) => 60_000 / perMinute;

export async function confirmedSubscriberCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("newsletter_subscribers")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "confirmed")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A second start (another admin, another instance) finds the send and queues nothing. */
export function startArticleSend(
  handle: DatabaseHandle,
  articleId: number,
  actor: Actor,
  options: ArticleMailContext & { perMinute: number },
  now = new Date(),
): Promise<StartResult> {
  return handle.durableTransaction(async (trx) => {
    const article = await findArticleById(trx, articleId);
    if (!article) return { ok: false, problem: "missing" } as const;
    if (article.status !== "published") return { ok: false, problem: "not-published" } as const;
    const subscribers = await trx
      .selectFrom("newsletter_subscribers")
      .select(["id", "email"])
      .where("status", "=", "confirmed")
      .orderBy("id")
      .execute();
    if (!subscribers.length) return { ok: false, problem: "no-subscribers" } as const;
    const mail = articleEmail(article, options);
    // The unique article id decides between two starts at once: the later inserts nothing.
    const send = await trx
      .insertInto("article_sends")
      .values({
        article_id: article.id,
        subject: mail.subject,
        html_body: mail.html,
        text_body: mail.text,
        recipients: subscribers.length,
        started_by: actor.name,
        started_at: now,
      })
      .onConflict((oc) => oc.column("article_id").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!send) return { ok: false, problem: "already-sent" } as const;

    // After another send's waiting messages, so two sends together keep to the rate.
    const interval = intervalMs(options.perMinute);
    const waiting = await trx
      .selectFrom("outbox")
      .select((eb) => eb.fn.max("next_attempt_at").as("last"))
      .where("channel", "=", "newsletter")
      .where("status", "=", "queued")
      .executeTakeFirst();
    const first = Math.max(now.getTime(), waiting?.last ? new Date(waiting.last).getTime() + interval : 0);
    for (let start = 0; start < subscribers.length; start += INSERT_BATCH) {
      const rows = subscribers.slice(start, start + INSERT_BATCH).map((subscriber, i) => ({
        channel: "newsletter" as const,
        article_send_id: send.id,
        kind: SEND_KIND,
        lead_table: "newsletter_subscribers" as const,
        lead_id: subscriber.id,
        reply_to: null,
        recipient: subscriber.email,
        subject: mail.subject,
        // Written when sent, from the send's mail and the subscriber as they are then.
        text_body: "",
        html_body: "",
        dueAt: new Date(first + (start + i) * interval),
      }));
      await enqueue(trx, rows, now);
    }
    await recordAudit(
      trx,
      actor,
      {
        action: "article-send",
        detail: `sent the article /blog/${article.slug} to ${subscribers.length} confirmed newsletter subscribers`,
      },
      now,
    );
    return { ok: true, recipients: subscribers.length } as const;
  });
}

export async function queueTestSend(
  handle: DatabaseHandle,
  articleId: number,
  to: string,
  context: ArticleMailContext,
  now = new Date(),
): Promise<boolean> {
  const article = await findArticleById(handle.db, articleId);
  if (!article) return false;
  const mail = personalise(articleEmail(article, context), `${context.siteUrl}${UNSUBSCRIBE_PATH}`);
  await handle.durableTransaction((trx) =>
    enqueue(
      trx,
      {
        kind: TEST_KIND,
        lead_table: "articles",
        lead_id: article.id,
        reply_to: null,
        recipient: to,
        subject: `[Test] ${mail.subject}`,
        text_body: mail.text,
        html_body: mail.html,
      },
      now,
    ),
  );
  return true;
}

export interface SendProgress {
  startedAt: Date;
  startedBy: string;
  recipients: number;
  queued: number;
  retrying: number;
  sent: number;
  failed: number;
  skipped: number;
  lastError: string | null;
}

export async function sendProgress(db: Kysely<Database>, articleId: number): Promise<SendProgress | undefined> {
  const send = await db.selectFrom("article_sends").selectAll().where("article_id", "=", articleId).executeTakeFirst();
  if (!send) return undefined;
  const counts = await db
    .selectFrom("outbox")
    .select((eb) => ["status", eb.fn.countAll<number>().as("n"), eb.fn.max("last_error").as("last_error")])
    .where("article_send_id", "=", send.id)
    .groupBy("status")
    .execute();
  const count = (status: OutboxStatus) => Number(counts.find((row) => row.status === status)?.n ?? 0);
  return {
    startedAt: new Date(send.started_at),
    startedBy: send.started_by,
    recipients: send.recipients,
    queued: count("queued"),
    retrying: count("retrying"),
    sent: count("sent"),
    failed: count("failed"),
    skipped: send.skipped,
    lastError: counts.find((row) => row.status === "failed" || row.status === "retrying")?.last_error ?? null,
  };
}

export function retryFailed(handle: DatabaseHandle, articleId: number, actor: Actor, now = new Date()): Promise<number> {
  return handle.durableTransaction(async (trx) => {
    const send = await trx.selectFrom("article_sends").select("id").where("article_id", "=", articleId).executeTakeFirst();
    if (!send) return 0;
    const result = await trx
      .updateTable("outbox")
      .set({ status: "queued", attempts: 0, next_attempt_at: now, last_error: null })
      .where("article_send_id", "=", send.id)
      .where("status", "=", "failed")
      .executeTakeFirst();
    const retried = Number(result.numUpdatedRows);
    if (retried) {
      await recordAudit(
        trx,
        actor,
        { action: "article-send-retry", detail: `sent the article again to ${retried} failed subscribers` },
        now,
      );
    }
    return retried;
  });
}

interface SubscriberLinks {
  unsubscribeUrl(subscriber: { id: number; email_key: string }): string;
  mailHeaders(subscriber: { id: number; email_key: string }): Record<string, string>;
}

function pause(ms: number, stopping: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    stopping.addEventListener("abort", () => (clearTimeout(timer), reject(new Error("the server is stopping"))), { once: true });
  });
}

/** Keeps to the rate itself too, for copies that fell due together while no instance ran. */
export function newsletterSender(deps: {
  handle: DatabaseHandle;
  links: SubscriberLinks;
  mailer: Mailer;
  messageIdHost: string;
  perMinute: number;
}): Sender {
  const { handle } = deps;
  const mails = new Map<number, ArticleEmail>();
  let nextAt = 0;

  async function mailOf(sendId: number): Promise<ArticleEmail> {
    let mail = mails.get(sendId);
    if (!mail) {
      const send = await handle.db.selectFrom("article_sends").selectAll().where("id", "=", sendId).executeTakeFirstOrThrow();
      mail = { subject: send.subject, html: send.html_body, text: send.text_body };
      mails.set(sendId, mail);
    }
    return mail;
  }

  async function skip(message: OutboxMessage): Promise<void> {
    await handle.durableTransaction(async (trx) => {
      const removed = await trx
        .deleteFrom("outbox")
        .where("id", "=", message.id)
        .where("locked_by", "=", message.locked_by)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) === 1) {
        await trx
          .updateTable("article_sends")
          .set((eb) => ({ skipped: eb("skipped", "+", 1) }))
          .where("id", "=", message.article_send_id!)
          .execute();
      }
    });
  }

  return async (message, stopping) => {
    // The pause comes before the check, so one who leaves while the copy waits gets nothing.
    const wait = nextAt - Date.now();
    nextAt = Math.max(nextAt, Date.now()) + intervalMs(deps.perMinute);
    if (wait > 0) await pause(wait, stopping);
    const subscriber = await handle.db
      .selectFrom("newsletter_subscribers")
      .select(["id", "email", "email_key", "status"])
      .where("id", "=", message.lead_id)
      .executeTakeFirst();
    if (subscriber?.status !== "confirmed" || message.article_send_id === null) {
      log.info(`Newsletter message ${message.id} dropped: its subscriber left before it was sent`);
      await skip(message);
      return;
    }
    const mail = personalise(await mailOf(message.article_send_id), deps.links.unsubscribeUrl(subscriber));
    await deps.mailer.send({
      messageId: messageIdOf(message, deps.messageIdHost),
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      replyTo: null,
      to: subscriber.email,
      headers: deps.links.mailHeaders(subscriber),
    });
  };
}
