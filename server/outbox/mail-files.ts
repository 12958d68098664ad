import { readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { MAIL_DIR } from "#server/data-dir.ts";

// Where the worker writes mail when there is no SMTP server.
export interface MailFiles {
  dir: string;
  host: string;
}

export function mailFilesOfSite(settings: { DATA_DIR: string; SITE_URL: string }): MailFiles {
  return { dir: path.join(settings.DATA_DIR, MAIL_DIR), host: new URL(settings.SITE_URL).hostname };
}

/** The same on every retry, so a repeat is recognisable. */
export function messageIdOf(message: { lead_table: string; lead_id: number; id: number }, host: string): string {
  return `<lead-${message.lead_table}-${message.lead_id}.outbox-${message.id}@${host}>`;
}

function namesIn(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

// The mailer names each file after its Message-ID, keeping only [\w.-].
export function mailFilesOf(mail: MailFiles, messageIds: readonly number[]): string[] {
  const host = mail.host.replace(/[^\w.-]/g, "");
  const endings = messageIds.map((id) => `.outbox-${id}${host}.eml`);
  return namesIn(mail.dir).filter((name) => endings.some((ending) => name.endsWith(ending)));
}

export function removeMailFiles(mail: MailFiles, messageIds: readonly number[]): number {
  const files = messageIds.length ? mailFilesOf(mail, messageIds) : [];
  for (const name of files) rmSync(path.join(mail.dir, name), { force: true });
  return files.length;
}

export function removeMailFilesWrittenUntil(mail: MailFiles, until: Date): number {
  let removed = 0;
  for (const name of namesIn(mail.dir)) {
    const file = path.join(mail.dir, name);
    try {
      const stat = statSync(file);
      if (!stat.isFile() || stat.mtimeMs > until.getTime()) continue;
      rmSync(file, { force: true });
      removed++;
    } catch {
      // Gone meanwhile (another sweep, a forget).
    }
  }
  return removed;
}
