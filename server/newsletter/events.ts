import type { Transaction } from "kysely";
import type { Database } from "#server/db/schema.ts";

// Carried by the lead webhook (docs/decisions/0015).
export type NewsletterEvent =
  | { type: "newsletter.subscribed"; subscriberId: number; email: string; at: Date; signupPage: string; signedUpAt: Date }
  | { type: "newsletter.unsubscribed"; subscriberId: number; email: string; at: Date; method: "page" | "one-click" }
  | {
      type: "newsletter.unsubscribed";
      subscriberId: number;
      at: Date;
      // No address: it would outlive the forgotten person in the outbox.
      method: "forgotten";
    };

/** Called inside the transaction that records the change, so what it writes with `trx` commits with it or not at all. */
export type NewsletterEventHook = (event: NewsletterEvent, trx: Transaction<Database>) => Promise<void>;
