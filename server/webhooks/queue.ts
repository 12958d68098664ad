import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Env } from "#server/env.ts";
import type { Database, OutboxChannel } from "#server/db/schema.ts";
import { type LeadEventInput, type LeadRef, leadEvent, type WebhookEvent } from "#server/webhooks/payload.ts";
import { slackMessage } from "#server/webhooks/slack.ts";
import { enqueue } from "#server/outbox/store.ts";

export type WebhookSettings = Pick<Env, "LEAD_WEBHOOK_URL" | "SLACK_WEBHOOK_URL" | "SITE_URL">;

const RECEIVERS: Record<WebhookChannel, string> = { webhook: "Webhook", slack: "Slack" };

type WebhookChannel = Extract<OutboxChannel, "webhook" | "slack">;

async function insert(trx: Kysely<Database>, channel: WebhookChannel, about: LeadRef, type: string, body: string, at: Date): Promise<void> {
  await enqueue(
    trx,
    {
      channel,
      // Minted once: every retry carries it, so the receiver can tell a repeat (Standard Webhooks' webhook-id).
      webhook_id: channel === "webhook" ? `msg_${randomUUID().replaceAll("-", "")}` : null,
      kind: type,
      lead_table: about.table,
      lead_id: about.id,
      reply_to: null,
      recipient: RECEIVERS[channel],
      subject: type,
      text_body: body,
      html_body: "",
    },
    at,
  );
}

/** In the transaction that stores what it is about, so it leaves if and only if that is kept. */
export async function queueWebhookEvent(
  trx: Kysely<Database>,
  settings: WebhookSettings,
  about: LeadRef,
  event: WebhookEvent,
  slack?: string,
): Promise<void> {
  const at = new Date();
  if (settings.LEAD_WEBHOOK_URL) await insert(trx, "webhook", about, event.type, JSON.stringify(event), at);
  if (settings.SLACK_WEBHOOK_URL && slack) await insert(trx, "slack", about, event.type, slack, at);
}

export function queueLeadEvent(trx: Kysely<Database>, settings: WebhookSettings, input: LeadEventInput): Promise<void> {
  const event = leadEvent(input);
  return queueWebhookEvent(trx, settings, input.lead, event, slackMessage(event, settings.SITE_URL));
}
