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

/** Append new ones; never rename or edit one that has shipped. */
export function siteMigrations(dialect: Dialect): Record<string, Migration> {
  return {
    "0001_leads": leadsMigration(dialect),
    "0002_bookings": bookingMigration(dialect),
    "0003_admin_inbox": adminMigration(dialect),
    "0004_site_keys": siteKeysMigration(dialect),
    "0005_newsletter_subscribers": newsletterMigration(dialect),
    "0006_webhooks": webhooksMigration,
    "0007_attribution": attributionMigration(dialect),
    "0008_outbox_lanes": outboxLanesMigration,
    "0009_outbox_sent_copies": outboxSentCopiesMigration,
    "0010_newsletter_mailboxes": newsletterMailboxMigration,
    "0011_booking_mailboxes": bookingMailboxMigration,
    "0012_inbox_sign_in": adminSignInMigration(dialect),
    "0013_consultants": consultantsMigration(dialect),
    "0014_calendar_busy": calendarBusyMigration(dialect),
    "0015_call_outcomes": callOutcomesMigration(dialect),
    "0016_booking_reminders": bookingRemindersMigration,
    "0017_articles": articlesMigration(dialect),
    "0018_article_images": articleImagesMigration(dialect),
    "0019_article_sends": articleSendsMigration(dialect),
    "0021_inbox_passkeys": adminPasskeysMigration(dialect),
    "0022_preview_links": previewLinksMigration(dialect),
    "0023_calendar_trust": calendarTrustMigration(dialect),
    "0024_part_health": partHealthMigration(dialect),
    // The site's own words the agency edits in the inbox (pricing first), one document per kind, and their revisions.
    "0025_site_content": siteContentMigration(dialect),
  };
}

/** The site's database, migrated to the latest schema. */
export function openSiteDatabase(settings: DatabaseSettings): Promise<DatabaseHandle> {
  return openDatabase(settings, siteMigrations);
}
