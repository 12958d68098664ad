import { randomUUID } from "node:crypto";
import type { OutboxChannel } from "#server/db/schema.ts";
import type { OutboxMessage, OutboxStore } from "#server/outbox/store.ts";
import type { MailAttachment, Mailer } from "#server/mail/transport.ts";
import { log, outsideRequest } from "#server/log.ts";
import { messageIdOf } from "#server/outbox/mail-files.ts";

export interface RetryPolicy {
  baseMs: number;
  maxMs: number;
  maxAttempts: number;
}

/** Throws when the message did not arrive; `stopping` aborts on shutdown so a slow receiver cannot hold it. */
export type Sender = (message: OutboxMessage, stopping: AbortSignal) => Promise<void>;

/** Permanent for a 4xx other than 408 and 429; retryAfterMs from Retry-After. */
export class DeliveryError extends Error {
  override name = "DeliveryError";
  readonly options: { permanent?: boolean; retryAfterMs?: number };
  constructor(message: string, options: DeliveryError["options"] = {}) {
    super(message);
    this.options = options;
  }
}

export interface OutboxWorkerOptions {
  outbox: OutboxStore;
  mailer: Mailer;
  senders?: Partial<Record<LaneChannel, Sender>>;
  pollMs: number;
  retry: RetryPolicy;
  messageIdHost: string;
  leaseMs: number;
  sweeps?: ReadonlyArray<() => Promise<unknown>>;
  watch?: { record(lane: OutboxChannel, error?: unknown): void };
}

export type LaneChannel = Exclude<OutboxChannel, "mail">;

export interface OutboxWorker {
  readonly id: string;
  /** Until then the lane's messages wait as queued, with no attempt counted. */
  register(channel: LaneChannel, sender: Sender): void;
  nudge(): void;
  drain(): Promise<number>;
  stop(): Promise<void>;
}

const BATCH_SIZE = 10;
const STOP_GRACE_MS = 2000;
const SWEEP_EVERY_MS = 10 * 60 * 1000;
const CHANNELS: readonly OutboxChannel[] = ["mail", "webhook", "slack", "calendar", "reminder", "newsletter"];
const NAMES: Record<OutboxChannel, string> = {
  mail: "Notification",
  webhook: "Webhook",
  slack: "Slack message",
  calendar: "Calendar event",
  reminder: "Reminder",
  newsletter: "Newsletter article",
};

/** Null once the attempts are used up. */
export function nextAttemptAt(attempts: number, policy: RetryPolicy, now = Date.now()): Date | null {
  if (attempts >= policy.maxAttempts) return null;
  const delay = Math.min(policy.baseMs * 2 ** Math.max(attempts - 1, 0), policy.maxMs);
  return new Date(now + delay);
}

// Later than the backoff if the receiver asked, but never past the longest delay.
function retryTime(message: OutboxMessage, error: unknown, policy: RetryPolicy, now = Date.now()): Date | null {
  const options = error instanceof DeliveryError ? error.options : {};
  if (options.permanent) return null;
  const backoff = nextAttemptAt(message.attempts, policy, now);
  if (!backoff || !options.retryAfterMs) return backoff;
  return new Date(Math.max(backoff.getTime(), now + Math.min(options.retryAfterMs, policy.maxMs)));
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// A lane per channel, so a slow webhook receiver holds its own lane only, never the mail.
interface Lane {
  drain(): Promise<number>;
  idle(): Promise<unknown>;
}

/** A message is never dropped: it is kept as `failed` once its attempts run out or the receiver refuses it. */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { outbox, mailer, retry } = options;
  const id = `worker-${randomUUID()}`;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let lastSweep = 0;
  const stopping = new AbortController();

  async function sendMail(message: OutboxMessage): Promise<void> {
    await mailer.send({
      messageId: messageIdOf(message, options.messageIdHost),
      subject: message.subject,
      text: message.text_body,
      html: message.html_body,
      replyTo: message.reply_to,
      to: message.recipient,
      attachments: message.attachments ? (JSON.parse(message.attachments) as MailAttachment[]) : undefined,
      headers: message.headers ? (JSON.parse(message.headers) as Record<string, string>) : undefined,
    });
  }

  const senders = new Map<OutboxChannel, Sender>([["mail", sendMail]]);
  for (const [channel, sender] of Object.entries(options.senders ?? {})) senders.set(channel as LaneChannel, sender);

  async function send(message: OutboxMessage, sender: Sender): Promise<void> {
    const name = `${NAMES[message.channel]} ${message.id} (${message.kind})`;
    // Held past its lease behind a slow batch, it may have gone to another worker, which sends it.
    if (!(await outbox.renewLease(message.id, id, options.leaseMs))) {
      log.warn(`${name} was taken by another worker while it waited in this one's batch; not sent here`);
      return;
    }
    let delivered = false;
    try {
      await sender(message, stopping.signal);
      delivered = true;
      options.watch?.record(message.channel);
      await outbox.markSent(message.id, id);
    } catch (error) {
      if (!delivered) options.watch?.record(message.channel, error);
      const retryAt = retryTime(message, error, retry);
      await outbox.markAttemptFailed(message.id, id, describe(error), retryAt);
      if (retryAt) {
        log.warn(`${name} attempt ${message.attempts} failed: ${describe(error)}; retrying at ${retryAt.toISOString()}`);
      } else if (error instanceof DeliveryError && error.options.permanent) {
        log.error(`${name} was refused and is kept as failed in the outbox, not retried: ${describe(error)}`);
      } else {
        log.error(`${name} failed ${message.attempts} times and is kept as failed in the outbox: ${describe(error)}`);
      }
    }
  }

  function lane(channel: OutboxChannel): Lane {
    let running: Promise<number> | undefined;
    let again = false;

    async function drainOnce(): Promise<number> {
      let attempted = 0;
      // Claiming counts an attempt: a lane whose feature has not registered yet leaves its messages queued.
      const sender = senders.get(channel);
      while (sender) {
        const batch = await outbox.claimDueMessages(id, BATCH_SIZE, options.leaseMs, new Date(), channel);
        for (const message of batch) await send(message, sender);
        attempted += batch.length;
        if (batch.length < BATCH_SIZE || stopped) break;
      }
      if (channel === "mail" && Date.now() - lastSweep > SWEEP_EVERY_MS) {
        lastSweep = Date.now();
        for (const sweep of options.sweeps ?? []) await sweep();
      }
      return attempted;
    }

    function drain(): Promise<number> {
      if (running) {
        again = true;
        return running;
      }
      running = drainOnce()
        .catch((error) => {
          // Every lane meets a database that is down: the mail lane says so once per poll.
          (channel === "mail" ? log.error : log.debug)("Outbox worker could not read the outbox:", describe(error));
          return 0;
        })
        .finally(() => {
          running = undefined;
          if (again && !stopped) {
            again = false;
            void drain();
          }
        });
      return running;
    }

    return { drain, idle: () => running ?? Promise.resolve() };
  }

  const lanes = new Map(CHANNELS.map((channel) => [channel, lane(channel)]));
  const drain = async () => (await Promise.all([...lanes.values()].map((l) => l.drain()))).reduce((a, b) => a + b, 0);

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      void drain();
      schedule();
    }, options.pollMs);
    timer.unref();
  }

  schedule();
  void drain();

  return {
    id,
    register(channel, sender) {
      if (senders.has(channel)) throw new Error(`The outbox's ${channel} lane already has its sender`);
      senders.set(channel, sender);
      if (!stopped) outsideRequest(() => void lanes.get(channel)!.drain());
    },
    // Only the lanes that can send: a nudge comes with every lead, and an idle lane's look costs a query.
    nudge() {
      // The drain is the worker's, so its log lines carry no request id.
      outsideRequest(() => {
        for (const [channel, l] of lanes) if (senders.has(channel)) void l.drain();
      });
    },
    drain,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      // A receiver that answers has a moment to; one that does not is cut off, its message kept for later.
      const cutOff = setTimeout(() => stopping.abort(), STOP_GRACE_MS);
      await Promise.all([...lanes.values()].map((l) => l.idle()));
      clearTimeout(cutOff);
    },
  };
}
