import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import { site } from "#app/config/site.ts";
import { specContact } from "#app/content/contact-details.ts";
import { MAIL_DIR, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "#server/data-dir.ts";

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface OutgoingMail {
  /** So a repeated delivery is recognisable as the same mail. */
  messageId: string;
  subject: string;
  text: string;
  html: string;
  replyTo: string | null;
  to?: string | null;
  attachments?: MailAttachment[];
  headers?: Record<string, string>;
}

export interface Mailer {
  readonly description: string;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

const SMTP_TIMEOUT_MS = 15_000;

export interface MailSettings {
  SMTP_URL?: string | undefined;
  MAIL_FROM?: string | undefined;
  NOTIFY_TO?: string | undefined;
  DATA_DIR: string;
}

// Operational settings, not the content the agency edits: without them, SPEC.md's address.
function mailAddresses(settings: Pick<MailSettings, "MAIL_FROM" | "NOTIFY_TO">) {
  return {
    from: settings.MAIL_FROM ?? `"${site.name} Website" <${specContact.email}>`,
    to: settings.NOTIFY_TO ?? specContact.email,
  };
}

/** A transport made at the first message: nodemailer is a tenth of a second of a start, which a server that sends nothing saves. */
function transportOnFirstUse(options: Parameters<typeof import("nodemailer").createTransport>[0]) {
  let transport: Promise<Transporter> | undefined;
  return {
    get: () => (transport ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(options))),
    close: () => void transport?.then((made) => made.close()),
  };
}

/** Without SMTP_URL each message is an .eml file built by the same nodemailer code, so it is exactly what would be sent. */
export function createMailer(settings: MailSettings): Mailer {
  const { from, to } = mailAddresses(settings);
  const envelope = (mail: OutgoingMail) => ({
    from,
    to: mail.to ?? to,
    replyTo: mail.replyTo ?? undefined,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    attachments: mail.attachments,
    headers: mail.headers,
  });

  if (settings.SMTP_URL) {
    const transport = transportOnFirstUse({
      url: settings.SMTP_URL,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
    const url = new URL(settings.SMTP_URL);
    return {
      description: `SMTP ${url.hostname}:${url.port || (url.protocol === "smtps:" ? 465 : 587)} to ${to}`,
      async send(mail) {
        await (await transport.get()).sendMail(envelope(mail));
      },
      close: transport.close,
    };
  }

  const dir = path.join(settings.DATA_DIR, MAIL_DIR);
  const builder = transportOnFirstUse({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    description: `.eml files in ${dir} (set SMTP_URL to send mail) for ${to}`,
    async send(mail) {
      const info = await (await builder.get()).sendMail(envelope(mail));
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${mail.messageId.replace(/[^\w.-]/g, "")}.eml`;
      // Renamed once whole; off the main thread, as creating a file waits for the journal the database keeps busy.
      const partial = path.join(dir, `.${name}.partial`);
      await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
      await writeFile(partial, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
      await rename(partial, path.join(dir, name));
    },
    close: builder.close,
  };
}
