import type { Transaction } from "kysely";
import { site } from "#app/config/site.ts";
import { escapeHtml } from "#app/lib/escape-html.ts";
import { formatSast } from "#app/lib/sast.ts";
import type { Database } from "#server/db/schema.ts";
import type { Env } from "#server/env.ts";
import { enqueue } from "#server/outbox/store.ts";

export const SYSTEM_PATH = "/admin/system";

const ALERT_KIND = "Site alert";

export type AlertSettings = Pick<Env, "SITE_URL" | "SLACK_WEBHOOK_URL">;

export interface Alert {
  part: { key: string; name: string; carriesAlerts?: boolean };
  change: "failing" | "recovered";
  words: string;
  failingSince: Date;
  at: Date;
}

function wordsOf(alert: Alert, siteUrl: string): { subject: string; lines: string[]; link: string } {
  const { part, change, words, failingSince, at } = alert;
  const link = `${siteUrl}${SYSTEM_PATH}`;
  if (change === "failing") {
    return {
      subject: `${site.name} website: ${part.name} is failing`,
      lines: [
        `${part.name} has been failing since ${formatSast(failingSince)} (SAST).`,
        words,
        "Leads are still stored and shown in the inbox. You will get one more message when it works again.",
      ],
      link,
    };
  }
  return {
    subject: `${site.name} website: ${part.name} works again`,
    lines: [`${part.name} works again since ${formatSast(at)} (SAST), after failing since ${formatSast(failingSince)}.`, words],
    link,
  };
}

/** Slack's mrkdwn reads <…> as links and mentions: the words stay text. */
const slackEscape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The mail about a dead mail server is queued too: it goes once the server takes mail again; Slack carries it meanwhile. */
export async function queueAlert(trx: Transaction<Database>, settings: AlertSettings, alert: Alert): Promise<void> {
  const { subject, lines, link } = wordsOf(alert, settings.SITE_URL);
  const health = await trx.selectFrom("part_health").select("id").where("part", "=", alert.part.key).executeTakeFirstOrThrow();
  const admins = await trx.selectFrom("admin_users").select("email").where("role", "=", "admin").orderBy("id").execute();
  const common = {
    kind: ALERT_KIND,
    lead_table: "part_health" as const,
    lead_id: health.id,
    reply_to: null,
  };
  const text = [...lines, "", `Every part as it stands: ${link}`].join("\n\n");
  const html = [
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a">`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link)}">Every part as it stands, on the System page</a></p>`,
    `</body></html>`,
  ].join("");
  // Null is NOTIFY_TO, for a site without admins yet.
  const recipients = admins.length ? admins.map((admin) => admin.email) : [null];
  await enqueue(
    trx,
    recipients.map((recipient) => ({ ...common, recipient, subject, text_body: text, html_body: html })),
    alert.at,
  );
  if (alert.part.carriesAlerts && settings.SLACK_WEBHOOK_URL) {
    const slack = `*${slackEscape(subject)}*\n${lines.map(slackEscape).join("\n")}\n<${link}|Open the System page>`;
    await enqueue(
      trx,
      { ...common, channel: "slack", recipient: "Slack", subject, text_body: JSON.stringify({ text: slack }), html_body: "" },
      alert.at,
    );
  }
}
