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

/**
 * Sends one message of a channel other than mail (a webhook, a Slack message);
 * throws when it did not arrive. Registered by the feature that owns the lane
 * (`OutboxWorker.register`). `stopping` aborts when the server stops, so a
 * slow receiver does not hold the shutdown: the message is tried again later.
 */
export type Sender = (message: OutboxMessage, stopping: AbortSignal) => Promise<void>;

/**
 * A failed send that says more than "try again later": the receiver refused
 * the message for good (a 4xx other than 408 and 429), or asked to be left
 * alone for a while (Retry-After).
 */
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
  /** Senders known at start; the others are registered by their feature later (`register`). */
  senders?: Partial<Record<LaneChannel, Sender>>;
  pollMs: number;
  retry: RetryPolicy;
  /** Host part of the Message-IDs (the site's host). */
  messageIdHost: string;
  /** How long a claimed message stays this worker's (OUTBOX_LEASE_MS). */
  leaseMs: number;
  /** Clean-ups run with the sweep (server/retention.ts). */
  sweeps?: ReadonlyArray<() => Promise<unknown>>;
  /** Hears how each attempt ended (server/ops/deliveries.ts): the metrics and the System page's mail and webhooks. */
  watch?: { record(lane: OutboxChannel, error?: unknown): void };
}

/** The lanes whose sender a feature registers; mail is the worker's own. */
export type LaneChannel = Exclude<OutboxChannel, "mail">;

export interface OutboxWorker {
  readonly id: string;
  /**
   * Gives a lane its sender, once. Until then the lane's messages wait as
   * queued (no attempt, no failure); they are sent as soon as it registers.
   */
  register(channel: LaneChannel, sender: Sender): void;
  /** Looks for due messages now instead of at the next poll (called after a lead is stored). */
  nudge(): void;
  /** Sends what is due, once; resolves with how many messages were attempted. */
  drain(): Promise<number>;
  /** Stops polling and waits for the messages being sent. */
  stop(): Promise<void>;
}

const BATCH_SIZE = 10;
/** How long a stopping worker waits for the deliveries under way before it aborts them. */
const STOP_GRACE_MS = 2000;
/** Spent challenges, old rate-limit rows and what retention removes are swept this often. */
const SWEEP_EVERY_MS = 10 * 60 * 1000;
const CHANNELS: readonly OutboxChannel[] = ["mail", "webhook", "slack", "calendar", "reminder", "newsletter"];
/** How each channel's messages are named in the log. */
const NAMES: Record<OutboxChannel, string> = {
  mail: "Notification",
  webhook: "Webhook",
  slack: "Slack message",
  calendar: "Calendar event",
  reminder: "Reminder",
  newsletter: "Newsletter article",
};

/** Exponential backoff: base, 2 x base, 4 x base ... capped; null once the attempts are used up. */
export function nextAttemptAt(attempts: number, policy: RetryPolicy, now = Date.now()): Date | null {
  if (attempts >= policy.maxAttempts) return null;
  const delay = Math.min(policy.baseMs * 2 ** Math.max(attempts - 1, 0), policy.maxMs);
  return new Date(now + delay);
}

/** When a failed message is tried again: the backoff, later if the receiver asked (never past the longest delay); null for never. */
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

/** One channel's own loop: a slow webhook receiver holds its lane only, never the mail. */
interface Lane {
  drain(): Promise<number>;
  idle(): Promise<unknown>;
}

/**
 * Sends the outbox's messages from inside the server process, one lane per
 * channel (mail, webhook, Slack). Each message is leased by one worker at a
 * time (OutboxStore.claimDueMessages), retried with exponential backoff when
 * sending fails, and kept as `failed` once the attempts run out or the
 * receiver refuses it for good: a message is never dropped.
 */
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
        // A lead stored during a run is picked up by one more run right after it.
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

  // Each poll asks every lane without waiting for the others: a lane still busy runs once more when done.
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
      // The drain is the worker's, not the request's that nudged it: its log lines carry no request id.
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
