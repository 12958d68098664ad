import type { Transaction } from "kysely";
import type { Database } from "#server/db/schema.ts";

/**
 * What other code may learn of the newsletter: a subscription that starts to
 * count (confirmed) and one that ends (unsubscribed, by the link's page, a
 * mail client's one-click POST, or Forget a person). The lead webhook carries these.
 */
export type NewsletterEvent =
  | { type: "newsletter.subscribed"; subscriberId: number; email: string; at: Date; signupPage: string; signedUpAt: Date }
  | { type: "newsletter.unsubscribed"; subscriberId: number; email: string; at: Date; method: "page" | "one-click" }
  | {
      type: "newsletter.unsubscribed";
      subscriberId: number;
      at: Date;
      /**
       * The agency's Forget a person: the address is deleted, so the event does not carry it (it
       * would outlive the person in the outbox); a receiver knows the subscriber by the id
       * `newsletter.subscribed` gave it.
       */
      method: "forgotten";
    };

/**
 * Called inside the transaction that records the change, so whatever the
 * listener writes with `trx` (an outbox message, a webhook) is committed with
 * it or not at all. Passed to newsletterServices() in server/start.ts.
 */
export type NewsletterEventHook = (event: NewsletterEvent, trx: Transaction<Database>) => Promise<void>;
