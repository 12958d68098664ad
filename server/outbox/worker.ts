import { randomUUID } from "node:crypto";
import type { OutboxMessage, Store } from "../db/store.ts";
import type { MailAttachment, Mailer } from "../mail/transport.ts";
import { log } from "../log.ts";

export interface RetryPolicy {
  baseMs: number;
  maxMs: number;
  maxAttempts: number;
}

export interface OutboxWorkerOptions {
  store: Store;
  mailer: Mailer;
  pollMs: number;
  retry: RetryPolicy;
  /** Host part of the Message-IDs (the site's host). */
  messageIdHost: string;
  /** How long a claimed message stays this worker's (OUTBOX_LEASE_MS). */
  leaseMs: number;
  /** Features' own clean-ups, run with the sweep (expired newsletter signups). */
  sweeps?: ReadonlyArray<() => Promise<unknown>>;
}

export interface OutboxWorker {
  readonly id: string;
  /** Looks for due mail now instead of at the next poll (called after a lead is stored). */
  nudge(): void;
  /** Sends what is due, once; resolves with how many messages were attempted. */
  drain(): Promise<number>;
  /** Stops polling and waits for the message being sent. */
  stop(): Promise<void>;
}

const BATCH_SIZE = 10;
/** Spent challenges, old rate-limit rows and expired signups are swept this often. */
const SWEEP_EVERY_MS = 10 * 60 * 1000;

/** Exponential backoff: base, 2 x base, 4 x base ... capped; null once the attempts are used up. */
export function nextAttemptAt(attempts: number, policy: RetryPolicy, now = Date.now()): Date | null {
  if (attempts >= policy.maxAttempts) return null;
  const delay = Math.min(policy.baseMs * 2 ** Math.max(attempts - 1, 0), policy.maxMs);
  return new Date(now + delay);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Sends the outbox's messages from inside the server process. Each message is
 * leased by one worker at a time (Store.claimDueMessages), retried with
 * exponential backoff when sending fails, and kept as `failed` once the
 * attempts run out: a notification is never dropped.
 */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { store, mailer, retry } = options;
  const id = `worker-${randomUUID()}`;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let lastSweep = 0;

  async function send(message: OutboxMessage): Promise<void> {
    try {
      await mailer.send({
        messageId: `<lead-${message.lead_table}-${message.lead_id}.outbox-${message.id}@${options.messageIdHost}>`,
        subject: message.subject,
        text: message.text_body,
        html: message.html_body,
        replyTo: message.reply_to,
        to: message.recipient,
        attachments: message.attachments ? (JSON.parse(message.attachments) as MailAttachment[]) : undefined,
        headers: message.headers ? (JSON.parse(message.headers) as Record<string, string>) : undefined,
      });
      await store.markSent(message.id, id);
    } catch (error) {
      const retryAt = nextAttemptAt(message.attempts, retry);
      await store.markAttemptFailed(message.id, id, describe(error), retryAt);
      if (retryAt) {
        log.warn(
          `Notification ${message.id} (${message.kind}) attempt ${message.attempts} failed: ${describe(error)}; retrying at ${retryAt.toISOString()}`,
        );
      } else {
        log.error(
          `Notification ${message.id} (${message.kind}) failed ${message.attempts} times and is kept as failed in the outbox: ${describe(error)}`,
        );
      }
    }
  }

  async function drainOnce(): Promise<number> {
    let attempted = 0;
    for (;;) {
      const batch = await store.claimDueMessages(id, BATCH_SIZE, options.leaseMs);
      for (const message of batch) await send(message);
      attempted += batch.length;
      if (batch.length < BATCH_SIZE || stopped) break;
    }
    if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
      lastSweep = Date.now();
      await store.sweep();
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
        log.error("Outbox worker could not read the outbox:", describe(error));
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

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      void drain().finally(schedule);
    }, options.pollMs);
    timer.unref();
  }

  schedule();
  void drain();

  return {
    id,
    nudge: () => void drain(),
    drain,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
