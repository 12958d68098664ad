import type { Kysely, Selectable, Transaction } from "kysely";
import { type ContactContent, specContact } from "#app/content/contact-details.ts";
import { newsletterConsent, newsletterForm, newsletterRules } from "#app/forms/newsletter.ts";
import type { DatabaseHandle } from "#server/db/connect.ts";
import type { Database } from "#server/db/schema.ts";
import { insertLead } from "#server/leads/store.ts";
import { type LeadOrigin } from "#server/forms/lead.ts";
import { noticeOf } from "#server/leads/lead-step.ts";
import { mailboxOf } from "#server/mail/address.ts";
import { renderNotification } from "#server/mail/render.ts";
import type { NewsletterEvent, NewsletterEventHook } from "#server/newsletter/events.ts";
import { confirmationMail, unsubscribeHeaders } from "#server/newsletter/mail.ts";
import type { LeaveMethod, NewsletterSubscribersTable, SubscriberStatus } from "#server/db/newsletter-tables.ts";
import { type LinkPurpose, linkMatches, parseLink, signLink } from "#server/newsletter/token.ts";
import { enqueue } from "#server/outbox/store.ts";

type Trx = Transaction<Database>;
export type Subscriber = Selectable<NewsletterSubscribersTable>;

export const CONFIRM_PATH = "/newsletter/confirm";
export const UNSUBSCRIBE_PATH = "/newsletter/unsubscribe";

const AWAITING_CONFIRMATION = `Not confirmed yet: the address has been sent a link to confirm (double opt-in). Only confirmed subscribers may be mailed; see Newsletter in the lead inbox.`;

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export type SignupOutcome = "new" | "resent" | "unchanged";

export interface Signup {
  email: string;
  page: string;
  origin: LeadOrigin;
  alsoQueue?: (trx: Kysely<Database>, leadId: number) => Promise<void>;
}

export type LinkState = { state: "invalid" } | { state: "expired" } | { state: SubscriberStatus; email: string; changed?: boolean };

export function confirmExpiry(signedUpAt: Date | string): Date {
  return new Date(new Date(signedUpAt).getTime() + newsletterRules.confirmDays * DAY_MS);
}

/** Double opt-in (docs/decisions/0015): one row per mailbox, mailed at the address it was first typed as. */
export class Newsletter {
  readonly #handle: DatabaseHandle;
  readonly #secret: Buffer;
  readonly #siteUrl: string;
  readonly #onEvent: NewsletterEventHook | undefined;
  // The contact details that sign the confirmation: SPEC.md's until the site content's is given (contactFrom).
  #contact: () => ContactContent = () => specContact;

  constructor(handle: DatabaseHandle, secret: Buffer, siteUrl: string, onEvent?: NewsletterEventHook) {
    this.#handle = handle;
    this.#secret = secret;
    this.#siteUrl = siteUrl;
    this.#onEvent = onEvent;
  }

  /** Signs each confirmation with the contact details as the agency has them when it is made (decision 0052). */
  contactFrom(contact: () => ContactContent): void {
    this.#contact = contact;
  }

  get #db(): Kysely<Database> {
    return this.#handle.db;
  }

  #transaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return this.#handle.durableTransaction((trx) => work(trx));
  }

  unsubscribeUrl(subscriber: Pick<Subscriber, "id" | "email_key">): string {
    return `${this.#siteUrl}${UNSUBSCRIBE_PATH}/${signLink(this.#secret, "leave", subscriber.id, subscriber.email_key)}`;
  }

  mailHeaders(subscriber: Pick<Subscriber, "id" | "email_key">): Record<string, string> {
    return unsubscribeHeaders(this.unsubscribeUrl(subscriber));
  }

  #confirmUrl(subscriber: Pick<Subscriber, "id" | "email_key" | "signed_up_at">): string {
    const token = signLink(this.#secret, "confirm", subscriber.id, subscriber.email_key, confirmExpiry(subscriber.signed_up_at));
    return `${this.#siteUrl}${CONFIRM_PATH}/${token}`;
  }

  async #queueConfirmation(trx: Trx, subscriber: Subscriber, now: Date): Promise<void> {
    const mail = confirmationMail({
      email: subscriber.email,
      confirmUrl: this.#confirmUrl(subscriber),
      unsubscribeUrl: this.unsubscribeUrl(subscriber),
      signupPage: `${this.#siteUrl}${subscriber.signup_page}`,
      signedUpAt: new Date(subscriber.signed_up_at),
      contact: this.#contact(),
    });
    await enqueue(
      trx,
      {
        kind: mail.kind,
        lead_table: "newsletter_subscribers",
        lead_id: subscriber.id,
        reply_to: mail.replyTo,
        recipient: subscriber.email,
        attachments: null,
        headers: JSON.stringify(this.mailHeaders(subscriber)),
        subject: mail.subject,
        text_body: mail.text,
        html_body: mail.html,
      },
      now,
    );
  }

  /** A known mailbox creates nothing: a pending one is mailed again at most hourly, a few times in all (SPEC.md section 3). */
  subscribe({ email, page, origin, alsoQueue }: Signup): Promise<SignupOutcome> {
    const now = origin.receivedAt;
    const signupColumns = {
      signed_up_at: now,
      signup_page: page,
      consent_text: newsletterConsent,
      signup_address: origin.clientAddress,
      signup_user_agent: origin.userAgent,
      bot_check: origin.botCheck,
    };
    const mailbox = mailboxOf(email);
    return this.#transaction(async (trx) => {
      const inserted = await trx
        .insertInto("newsletter_subscribers")
        .values({
          email,
          email_key: email.toLowerCase(),
          mailbox,
          status: "pending",
          ...signupColumns,
          confirmation_sent_at: now,
          confirmations_sent: 1,
        })
        // The mailbox's row, or (from before mailboxes counted) this very address's.
        .onConflict((oc) => oc.doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) {
        const lead = newsletterForm.row({ email });
        const notice = noticeOf(newsletterForm, lead);
        notice.fields.push({ label: "Subscription", value: AWAITING_CONFIRMATION });
        const { leadId } = await insertLead(trx, lead, origin, (id) =>
          renderNotification(notice, { ...origin, leadTable: lead.table, leadId: id }),
        );
        await trx.updateTable("newsletter_subscribers").set({ lead_id: leadId }).where("id", "=", inserted.id).execute();
        await alsoQueue?.(trx, leadId);
        await this.#queueConfirmation(trx, inserted, now);
        return "new";
      }

      // An address that had a row of its own before mailboxes counted keeps it as its mailbox (newsletterMailboxMigration).
      const known = await trx
        .selectFrom("newsletter_subscribers")
        .selectAll()
        .where("mailbox", "in", [mailbox, email.toLowerCase()])
        .execute();
      let subscriber = known.find((row) => row.mailbox === mailbox) ?? known[0]!;
      if (subscriber.status === "confirmed") return "unchanged";
      if (subscriber.status === "left" || now >= confirmExpiry(subscriber.signed_up_at)) {
        // A new request: its own proof of consent, and a link that the old one's cannot stand for.
        subscriber = await trx
          .updateTable("newsletter_subscribers")
          .set({ status: "pending", ...signupColumns, confirmed_at: null, confirmed_address: null, confirmations_sent: 0 })
          .where("id", "=", subscriber.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      }
      // One statement decides, so parallel signups of one address send one mail.
      const due = await trx
        .updateTable("newsletter_subscribers")
        .set((eb) => ({ confirmation_sent_at: now, confirmations_sent: eb("confirmations_sent", "+", 1) }))
        .where("id", "=", subscriber.id)
        .where("status", "=", "pending")
        .where("confirmation_sent_at", "<=", new Date(now.getTime() - newsletterRules.resendMinutes * MINUTE_MS))
        .where("confirmations_sent", "<", newsletterRules.mailsPerSignup)
        .returningAll()
        .executeTakeFirst();
      if (!due) return "unchanged";
      await this.#queueConfirmation(trx, due, now);
      return "resent";
    });
  }

  async #find(
    db: Kysely<Database>,
    purpose: LinkPurpose,
    token: string,
  ): Promise<{ subscriber: Subscriber; expires: number | null } | null> {
    const link = parseLink(purpose, token);
    if (!link) return null;
    const subscriber = await db.selectFrom("newsletter_subscribers").selectAll().where("id", "=", link.subscriberId).executeTakeFirst();
    if (!subscriber || !linkMatches(this.#secret, purpose, link, subscriber.email_key)) return null;
    return { subscriber, expires: link.expires };
  }

  #confirmState(found: { subscriber: Subscriber; expires: number | null } | null, now: Date): LinkState {
    if (!found) return { state: "invalid" };
    const { subscriber, expires } = found;
    if (subscriber.status !== "pending") return { state: subscriber.status, email: subscriber.email };
    const expiry = confirmExpiry(subscriber.signed_up_at);
    // A link of an earlier signup of this address (before it left) stands for that one only.
    if (Math.floor(expiry.getTime() / 1000) !== expires || now >= expiry) return { state: "expired" };
    return { state: "pending", email: subscriber.email };
  }

  async confirmLink(token: string, now = new Date()): Promise<LinkState> {
    return this.#confirmState(await this.#find(this.#db, "confirm", token), now);
  }

  confirm(token: string, clientAddress: string, now = new Date()): Promise<LinkState> {
    return this.#transaction(async (trx) => {
      const found = await this.#find(trx, "confirm", token);
      const state = this.#confirmState(found, now);
      if (state.state !== "pending" || !found) return state;
      const { subscriber } = found;
      const done = await trx
        .updateTable("newsletter_subscribers")
        .set({ status: "confirmed", confirmed_at: now, confirmed_address: clientAddress })
        .where("id", "=", subscriber.id)
        .where("status", "=", "pending")
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 1) {
        await this.#emit(
          {
            type: "newsletter.subscribed",
            subscriberId: subscriber.id,
            email: subscriber.email,
            at: now,
            signupPage: subscriber.signup_page,
            signedUpAt: new Date(subscriber.signed_up_at),
          },
          trx,
        );
      }
      return { state: "confirmed", email: subscriber.email, changed: true };
    });
  }

  async leaveLink(token: string): Promise<LinkState> {
    const found = await this.#find(this.#db, "leave", token);
    return found ? { state: found.subscriber.status, email: found.subscriber.email } : { state: "invalid" };
  }

  leave(token: string, method: LeaveMethod, now = new Date()): Promise<LinkState> {
    return this.#transaction(async (trx) => {
      const found = await this.#find(trx, "leave", token);
      if (!found) return { state: "invalid" };
      const { subscriber } = found;
      if (subscriber.status === "left") return { state: "left", email: subscriber.email };
      await trx
        .updateTable("newsletter_subscribers")
        .set({ status: "left", left_at: now, left_method: method })
        .where("id", "=", subscriber.id)
        .execute();
      // Only a subscription that counted ends; a pending one never started.
      if (subscriber.status === "confirmed") {
        await this.#emit({ type: "newsletter.unsubscribed", subscriberId: subscriber.id, email: subscriber.email, at: now, method }, trx);
      }
      return { state: "left", email: subscriber.email, changed: true };
    });
  }

  /** Called before Forget a person deletes the subscription, so receivers hear that a confirmed one ended. */
  async forgotten(trx: Trx, emailKey: string, now = new Date()): Promise<void> {
    const subscriber = await trx.selectFrom("newsletter_subscribers").selectAll().where("email_key", "=", emailKey).executeTakeFirst();
    if (subscriber?.status !== "confirmed") return;
    await this.#emit({ type: "newsletter.unsubscribed", subscriberId: subscriber.id, at: now, method: "forgotten" }, trx);
  }

  async #emit(event: NewsletterEvent, trx: Trx): Promise<void> {
    if (this.#onEvent) await this.#onEvent(event, trx);
  }
}
