import { Webhook } from "standardwebhooks";
import type { Env } from "#server/env.ts";
import type { OutboxMessage } from "#server/outbox/store.ts";
import { DeliveryError, type OutboxWorker, type Sender } from "#server/outbox/worker.ts";

export type DeliverySettings = Pick<Env, "LEAD_WEBHOOK_URL" | "LEAD_WEBHOOK_SECRET" | "SLACK_WEBHOOK_URL" | "WEBHOOK_TIMEOUT_MS">;

// Enough of a refusal's answer to read in last_error, never a whole page.
const ERROR_BODY_BYTES = 300;
const USER_AGENT = "ROI-Media-Website-Webhooks/1";

function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(at - now, 0);
}

// The rest is dropped unread, so a receiver cannot make us buffer a page.
async function bodyStart(response: Response): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < ERROR_BODY_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // Cut off or timed out while reading: what arrived is enough.
  } finally {
    void reader.cancel().catch(() => {});
  }
  return Buffer.concat(chunks).subarray(0, ERROR_BODY_BYTES).toString("utf8").replace(/\s+/g, " ").trim();
}

// 408, 429, 5xx and network failures are retried; any other answer, redirects included, is a refusal for good.
async function post(url: string, headers: Record<string, string>, body: string, timeoutMs: number, stopping: AbortSignal): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": USER_AGENT, ...headers },
      body,
      redirect: "manual",
      signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), stopping]),
    });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
    if (stopping.aborted) throw new DeliveryError("not finished: the server stopped");
    if (error instanceof DOMException && error.name === "TimeoutError") {
      throw new DeliveryError(`no answer within ${timeoutMs} ms`);
    }
    throw new DeliveryError(`${error instanceof Error ? error.message : String(error)}${cause}`);
  }
  const { status } = response;
  if (status >= 200 && status < 300) {
    void response.body?.cancel().catch(() => {});
    return;
  }
  const said = await bodyStart(response);
  const location = response.headers.get("location");
  const what = `HTTP ${status}${location ? ` to ${location}` : ""}${said ? `: ${said}` : ""}`;
  const retryable = status === 408 || status === 429 || status >= 500;
  throw new DeliveryError(what, { permanent: !retryable, retryAfterMs: retryAfterMs(response.headers.get("retry-after")) });
}

/** A channel whose URL is not set refuses, for good, what was queued while it was. */
export function webhookSenders(settings: DeliverySettings): { webhook: Sender; slack: Sender } {
  const senders = { webhook: notSet("LEAD_WEBHOOK_URL"), slack: notSet("SLACK_WEBHOOK_URL") };
  const { LEAD_WEBHOOK_URL: url, LEAD_WEBHOOK_SECRET: secret, SLACK_WEBHOOK_URL: slackUrl, WEBHOOK_TIMEOUT_MS: timeoutMs } = settings;
  if (url && secret) {
    const signer = new Webhook(secret);
    senders.webhook = (message: OutboxMessage, stopping: AbortSignal) => {
      const id = message.webhook_id ?? `msg_outbox_${message.id}`;
      const now = new Date();
      const headers = {
        "webhook-id": id,
        "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
        "webhook-signature": signer.sign(id, now, message.text_body),
      };
      return post(url, headers, message.text_body, timeoutMs, stopping);
    };
  }
  if (slackUrl)
    senders.slack = (message: OutboxMessage, stopping: AbortSignal) => post(slackUrl, {}, message.text_body, timeoutMs, stopping);
  return senders;
}

function notSet(setting: string): Sender {
  return () => Promise.reject(new DeliveryError(`${setting} is not set: queued while it was, not sent`, { permanent: true }));
}

export function registerWebhookLanes(worker: Pick<OutboxWorker, "register">, settings: DeliverySettings): void {
  const { webhook, slack } = webhookSenders(settings);
  worker.register("webhook", webhook);
  worker.register("slack", slack);
}
