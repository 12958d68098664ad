import { deleteAuditUntil } from "#server/audit/audit.ts";
import type { DatabaseHandle } from "#server/db/connect.ts";
import type { OutboxStore } from "#server/outbox/store.ts";
import type { Env } from "#server/env.ts";
import { log } from "#server/log.ts";
import { expireSignups } from "#server/newsletter/expiry.ts";
import { type MailFiles, removeMailFiles, removeMailFilesWrittenUntil } from "#server/outbox/mail-files.ts";

const DAY_MS = 86_400_000;

export interface RetentionSweep {
  sentCopies: number;
  mailFiles: number;
  expiredSignups: number;
  auditEntries: number;
}

export interface Retention {
  sweep(now?: Date): Promise<RetentionSweep>;
}

export interface RetentionParts {
  settings: Pick<Env, "RETENTION_SENT_MAIL_DAYS" | "RETENTION_AUDIT_DAYS">;
  database: DatabaseHandle;
  outbox: OutboxStore;
  mail: MailFiles;
}

const SWEPT_TABLES = ["outbox", "newsletter_subscribers", "form_submissions", "leads", "lead_attributions", "admin_audit_log"];

/** POPIA (decision 0029): every step finds nothing the second time, so instances may sweep at the same time. */
export function retention({ settings, database, outbox, mail }: RetentionParts): Retention {
  const audit = database.db;
  return {
    async sweep(now = new Date()) {
      const mailCutoff = new Date(now.getTime() - settings.RETENTION_SENT_MAIL_DAYS * DAY_MS);
      const sentCopies = await outbox.clearSentCopies(mailCutoff);
      const expired = await expireSignups(database, now);
      const mailFiles = removeMailFiles(mail, expired.messageIds) + removeMailFilesWrittenUntil(mail, mailCutoff);
      const auditEntries = await deleteAuditUntil(audit, new Date(now.getTime() - settings.RETENTION_AUDIT_DAYS * DAY_MS));
      const swept = { sentCopies, mailFiles, expiredSignups: expired.signups, auditEntries };
      if (sentCopies || expired.signups || auditEntries) await database.purgeDeleted(SWEPT_TABLES);
      if (Object.values(swept).some(Boolean)) {
        log.info(
          `Retention: cleared ${sentCopies} sent message copies, deleted ${mailFiles} mail files, ${expired.signups} unconfirmed signups and ${auditEntries} audit log entries`,
        );
      }
      return swept;
    },
  };
}
