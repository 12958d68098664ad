import { mkdirSync } from "node:fs";
import path from "node:path";
import type { OutboxStore } from "#server/outbox/store.ts";
import { createMailer } from "#server/mail/transport.ts";
import { startOutboxWorker } from "#server/outbox/worker.ts";

/**
 * Sends everything the outbox holds, as the server's worker does with no SMTP
 * server: mail written as .eml files under DATA_DIR/mail, webhooks and Slack
 * messages to receivers that take them. Answers the mail folder.
 */
export async function deliverOutbox(outbox: OutboxStore, dataDir: string, host: string): Promise<string> {
  const mailDir = path.join(dataDir, "mail");
  mkdirSync(mailDir, { recursive: true });
  const worker = startOutboxWorker({
    outbox,
    mailer: createMailer({ DATA_DIR: dataDir }),
    senders: { webhook: async () => {}, slack: async () => {} },
    pollMs: 60_000,
    retry: { baseMs: 60_000, maxMs: 60_000, maxAttempts: 1 },
    messageIdHost: host,
    leaseMs: 60_000,
  });
  while ((await worker.drain()) > 0);
  await worker.stop();
  return mailDir;
}
