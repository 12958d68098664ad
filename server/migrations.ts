import type { Migration } from "kysely/migration";
import { adminMigration } from "#server/admin/migration.ts";
import { adminPasskeysMigration } from "#server/admin/passkey-migration.ts";
import { adminSignInMigration } from "#server/admin/sign-in-migration.ts";
import { attributionMigration } from "#server/attribution/migration.ts";
import {
  bookingMailboxMigration,
  bookingMigration,
  bookingRemindersMigration,
  calendarBusyMigration,
  calendarTrustMigration,
  callOutcomesMigration,
  consultantsMigration,
} from "#server/booking/migration.ts";
import { articleImagesMigration } from "#server/articles/images-migration.ts";
import { articlesMigration } from "#server/articles/migration.ts";
import { articleSendsMigration } from "#server/articles/send-migration.ts";
import { previewLinksMigration } from "#server/articles/preview-links-migration.ts";
import { siteKeysMigration } from "#server/captcha/migration.ts";
import { type DatabaseHandle, type DatabaseSettings, openDatabase } from "#server/db/connect.ts";
import type { Dialect } from "#server/db/dialect.ts";
import { leadsMigration } from "#server/forms/migration.ts";
import { webhooksMigration } from "#server/webhooks/migration.ts";
import { newsletterMailboxMigration, newsletterMigration } from "#server/newsletter/migration.ts";
import { outboxLanesMigration, outboxSentCopiesMigration } from "#server/outbox/migration.ts";
import { partHealthMigration } from "#server/ops/migration.ts";
import { siteContentMigration } from "#server/site-content/migration.ts";

/**
 * Every feature's migrations, in the order they shipped. Each feature keeps
 * its own tables' migrations beside its code; this list is where they meet.
 * Append new ones; never rename or edit one that has shipped.
 */
export function siteMigrations(dialect: Dialect): Record<string, Migration> {
  return {
    "0001_leads": leadsMigration(dialect),
    // Book a Call: bookings, their slot claims, and outbox mail to the visitor with attachments.
    "0002_bookings": bookingMigration(dialect),
    // The lead inbox under /admin: users, sessions, audit log, the leads table the lead tables' triggers keep, notes.
    "0003_admin_inbox": adminMigration(dialect),
    "0004_site_keys": siteKeysMigration(dialect),
    // Newsletter subscribers with their proof of consent; the outbox's List-Unsubscribe headers.
    "0005_newsletter_subscribers": newsletterMigration(dialect),
    // The outbox's channel (mail, webhook, Slack) and a webhook's id, the same on every retry.
    "0006_webhooks": webhooksMigration,
    // Which campaign brought each lead: its touches, and its channel and won value on the inbox's row.
    "0007_attribution": attributionMigration(dialect),
    // An index of the unsent messages per channel, which each outbox lane's claim walks.
    "0008_outbox_lanes": outboxLanesMigration,
    // An index of the sent messages whose copies are kept, which the retention sweep clears when they expire.
    "0009_outbox_sent_copies": outboxSentCopiesMigration,
    // One newsletter subscriber per mailbox, however its address is written (+tags, Gmail's dots).
    "0010_newsletter_mailboxes": newsletterMailboxMigration,
    // The mailbox of each booking's address: how many calls one visitor holds (BOOKING_MAX_FUTURE_PER_EMAIL).
    "0011_booking_mailboxes": bookingMailboxMigration,
    // The inbox's sign-in: roles, a second factor with recovery codes, sign-ins awaiting it, sessions' origins.
    "0012_inbox_sign_in": adminSignInMigration(dialect),
    // Consultants: each booking's consultant, and slot claims per consultant.
    "0013_consultants": consultantsMigration(dialect),
    // Busy times cached from the consultants' calendars, and each calendar's health.
    "0014_calendar_busy": calendarBusyMigration(dialect),
    // Calls marked held or no-show (and the lead status No-show), and the consultants' private feed addresses.
    "0015_call_outcomes": callOutcomesMigration(dialect),
    // Each booking's visitor time zone, for the reminders on the outbox's "reminder" channel.
    "0016_booking_reminders": bookingRemindersMigration,
    // Articles the agency writes in the inbox: their revisions and their old addresses.
    "0017_articles": articlesMigration(dialect),
    // Images uploaded in the article editor: each upload's size, and its variants' bytes for every instance to serve.
    "0018_article_images": articleImagesMigration(dialect),
    // Articles mailed to the newsletter's confirmed subscribers: one send per article, a message per subscriber.
    "0019_article_sends": articleSendsMigration(dialect),
    // The inbox's passkeys and their challenges, and each user's run of wrong codes and its lock.
    "0021_inbox_passkeys": adminPasskeysMigration(dialect),
    // Preview links as rows: each one revocable, and revoked when its article is unpublished.
    "0022_preview_links": previewLinksMigration(dialect),
    // Calendars the agency can trust: where calls are written, when a consultant was offered for no slot, no-shows' retractions.
    "0023_calendar_trust": calendarTrustMigration(dialect),
    // How each watched part of the site stands (mail, webhooks, calendars, backups...), for the System page and its alerts.
    "0024_part_health": partHealthMigration(dialect),
    // The site's own words the agency edits in the inbox (pricing first), one document per kind, and their revisions.
    "0025_site_content": siteContentMigration(dialect),
  };
}

/** The site's database, migrated to the latest schema. */
export function openSiteDatabase(settings: DatabaseSettings): Promise<DatabaseHandle> {
  return openDatabase(settings, siteMigrations);
}
