import { statfs } from "node:fs/promises";
import path from "node:path";
import { sql } from "kysely";
import { formatSast } from "#app/lib/sast.ts";
import { lastBackupAt } from "#server/backups.ts";
import type { DatabaseHandle } from "#server/db/connect.ts";
import type { OutboxChannel } from "#server/db/schema.ts";
import type { Env } from "#server/env.ts";
import { unsentMessage } from "#server/outbox/migration.ts";
import type { DeliveryWatch } from "#server/ops/deliveries.ts";
import type { PartCheck } from "#server/ops/parts.ts";

// How long each part may fail before the admins are mailed is the issue's (decision 0049).

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A daily backup missed by two hours is a missed backup. */
const BACKUP_LATE_MS = 26 * HOUR;
/** This far past its turn with no try means no instance sends the lane. */
const SEND_STUCK_MS = 15 * MINUTE;
/** Instances look every ARTICLES_POLL_MS. */
const ARTICLE_LATE_MS = 5 * MINUTE;
/** Below this much free space (or 5%), the next lead may not be stored. */
const DISK_LOW_BYTES = 512 * 1024 * 1024;
const DISK_LOW_SHARE = 0.05;

const MAIL_LANES: readonly OutboxChannel[] = ["mail", "reminder", "newsletter"];

export interface SitePartsDeps {
  settings: Env;
  handle: DatabaseHandle;
  deliveries: DeliveryWatch;
  consultants: ReadonlyArray<{ id: string; name: string; calendars: readonly unknown[] }>;
  /** A site without a backup yet is not failing before its first was due. */
  startedAt: Date;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

async function waiting(handle: DatabaseHandle, lanes: readonly OutboxChannel[], now: Date): Promise<number> {
  const row = await handle.db
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where(unsentMessage)
    .where("channel", "in", [...lanes])
    .where((eb) => eb.or([eb("attempts", ">", 0), eb("next_attempt_at", "<=", now)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function mailPart({ settings, handle, deliveries }: SitePartsDeps): PartCheck {
  const how = settings.SMTP_URL ? `through ${new URL(settings.SMTP_URL).host}` : "as .eml files into DATA_DIR/mail (SMTP_URL is not set)";
  return {
    key: "mail",
    name: "Mail delivery",
    alertAfterMs: settings.MAIL_DOWN_ALERT_AFTER,
    carriesAlerts: true,
    async check(now) {
      const heard = deliveries.state(MAIL_LANES);
      if (!heard) return null;
      if (heard.state === "ok") return { state: "ok", words: `Mail is delivered ${how}; the last at ${formatSast(heard.at)}.` };
      const count = await waiting(handle, MAIL_LANES, now);
      return {
        state: "failing",
        since: heard.since,
        words: `Mail cannot be delivered ${how}: ${heard.error}. ${plural(count, "message waits", "messages wait")} in the outbox and go once it can; leads are still stored and shown in the inbox.`,
      };
    },
  };
}

function webhooksPart({ settings, deliveries }: SitePartsDeps): PartCheck {
  const lanes: Array<{ lane: OutboxChannel; name: string }> = [];
  if (settings.LEAD_WEBHOOK_URL) lanes.push({ lane: "webhook", name: "The lead webhook" });
  if (settings.SLACK_WEBHOOK_URL) lanes.push({ lane: "slack", name: "Slack" });
  return {
    key: "webhooks",
    name: "Webhooks",
    alertAfterMs: HOUR,
    async check() {
      if (!lanes.length) return { state: "off", words: "No webhook is set up (LEAD_WEBHOOK_URL, SLACK_WEBHOOK_URL)." };
      const heard = lanes.flatMap((lane) => {
        const state = deliveries.state([lane.lane]);
        return state ? [{ ...lane, ...state }] : [];
      });
      const failing = heard.flatMap((lane) => (lane.state === "failing" ? [lane] : []));
      if (failing.length) {
        return {
          state: "failing",
          since: new Date(Math.min(...failing.map((lane) => lane.since.getTime()))),
          words: `${failing.map((lane) => `${lane.name} fails: ${lane.error}.`).join(" ")} Its messages are retried and kept; the mail of each lead still goes.`,
        };
      }
      if (!heard.length) return null;
      return { state: "ok", words: heard.map((lane) => `${lane.name} takes its messages.`).join(" ") };
    },
  };
}

function calendarsPart({ handle, deliveries, consultants }: SitePartsDeps): PartCheck {
  const count = consultants.reduce((sum, consultant) => sum + consultant.calendars.length, 0);
  const nameOf = (id: string) => consultants.find((consultant) => consultant.id === id)?.name ?? id;
  return {
    key: "calendars",
    name: "Calendars",
    alertAfterMs: HOUR,
    async check() {
      if (!count)
        return { state: "off", words: "No consultant has a calendar in CONSULTANTS_FILE: calls are offered in their hours alone." };
      const rows = await handle.db
        .selectFrom("calendar_sources")
        .select(["label", "consultant", "ok_at", "failing_since", "error"])
        .execute();
      const failing = rows.filter((row) => row.failing_since);
      const writes = deliveries.state(["calendar"]);
      const problems = failing.map(
        (row) =>
          `${row.label} of ${nameOf(row.consultant)} cannot be read since ${formatSast(row.failing_since!)}: ${row.error ?? "no answer"}; ${row.ok_at ? "its last known busy times stand" : "no busy times were ever read from it"}.`,
      );
      if (writes?.state === "failing")
        problems.push(`Booked calls cannot be written into the consultants' calendars: ${writes.error}; they are retried.`);
      if (problems.length) {
        const since = [
          ...failing.map((row) => new Date(row.failing_since!).getTime()),
          ...(writes?.state === "failing" ? [writes.since.getTime()] : []),
        ];
        return { state: "failing", since: new Date(Math.min(...since)), words: problems.join(" ") };
      }
      const read = rows.filter((row) => row.ok_at).map((row) => new Date(row.ok_at!).getTime());
      if (!read.length) return null;
      return { state: "ok", words: `All ${plural(count, "calendar")} are read; the last at ${formatSast(new Date(Math.max(...read)))}.` };
    },
  };
}

function backupsPart({ settings, startedAt }: SitePartsDeps): PartCheck {
  const hour = settings.BACKUP_HOUR;
  return {
    key: "backups",
    name: "Backups",
    alertAfterMs: 0,
    async check(now) {
      if (settings.DATABASE_URL) {
        return {
          state: "off",
          words: "The PostgreSQL database is backed up outside the site, with pg_dump: watch that job where it runs.",
        };
      }
      if (hour === null)
        return { state: "off", words: "The server's daily backup is off (BACKUP_HOUR=off): back the database up another way." };
      const last = lastBackupAt(settings);
      const due = new Date((last ?? startedAt).getTime() + BACKUP_LATE_MS);
      const at = `${String(hour).padStart(2, "0")}:00 SAST`;
      if (now >= due) {
        return {
          state: "failing",
          since: due,
          words: `${last ? `No backup since ${formatSast(last)}` : "No backup was ever taken"}: the daily backup at ${at} did not run or failed (the log says why). Take one by hand: npm run admin -- backup.`,
        };
      }
      return {
        state: "ok",
        ...(last ? { since: last } : {}),
        words: last
          ? `The last backup was taken at ${formatSast(last)}; the next is due at ${at}.`
          : `No backup yet: the first is taken at ${at}.`,
      };
    },
  };
}

function sendsPart({ handle }: SitePartsDeps): PartCheck {
  return {
    key: "sends",
    name: "Newsletter sends",
    alertAfterMs: 30 * MINUTE,
    async check(now) {
      const stuck = await handle.db
        .selectFrom("outbox")
        .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.min("next_attempt_at").as("since")])
        .where(unsentMessage)
        .where("channel", "=", "newsletter")
        .where("attempts", "=", 0)
        .where("next_attempt_at", "<", new Date(now.getTime() - SEND_STUCK_MS))
        .executeTakeFirstOrThrow();
      const failed = await handle.db
        .selectFrom("outbox")
        .innerJoin("article_sends", "article_sends.id", "outbox.article_send_id")
        .innerJoin("articles", "articles.id", "article_sends.article_id")
        .select((eb) => ["articles.slug", eb.fn.countAll<number>().as("n")])
        .where("outbox.status", "=", "failed")
        .groupBy("articles.slug")
        .execute();
      const problems = [
        ...(Number(stuck.n)
          ? [
              `${plural(Number(stuck.n), "copy", "copies")} due since ${formatSast(stuck.since!)} have not been tried: no instance sends the newsletter.`,
            ]
          : []),
        ...failed.map(
          (send) =>
            `${plural(Number(send.n), "copy", "copies")} of /blog/${send.slug} could not be delivered and are kept: send them again from the article's send page.`,
        ),
      ];
      if (problems.length)
        return { state: "failing", ...(Number(stuck.n) ? { since: new Date(stuck.since!) } : {}), words: problems.join(" ") };
      const going = await handle.db
        .selectFrom("outbox")
        .select((eb) => [eb.fn.countAll<number>().as("n"), sql<number>`count(distinct article_send_id)`.as("sends")])
        .where(unsentMessage)
        .where("channel", "=", "newsletter")
        .executeTakeFirstOrThrow();
      return {
        state: "ok",
        words: Number(going.n)
          ? `${plural(Number(going.sends), "article is", "articles are")} being sent: ${plural(Number(going.n), "copy", "copies")} to go, at NEWSLETTER_RATE_PER_MINUTE.`
          : "No article is being sent.",
      };
    },
  };
}

function articlesPart({ handle }: SitePartsDeps): PartCheck {
  return {
    key: "articles",
    name: "Scheduled articles",
    alertAfterMs: 15 * MINUTE,
    async check(now) {
      const scheduled = await handle.db
        .selectFrom("articles")
        .select(["title", "publish_at"])
        .where("status", "=", "scheduled")
        .orderBy("publish_at")
        .execute();
      const late = scheduled.filter((article) => new Date(article.publish_at!).getTime() < now.getTime() - ARTICLE_LATE_MS);
      if (late.length) {
        return {
          state: "failing",
          since: new Date(late[0]!.publish_at!),
          words: `${late.map((article) => `"${article.title}" was due at ${formatSast(article.publish_at!)}`).join("; ")} and is not live: publish it by hand from its editor (the log says why it was not).`,
        };
      }
      const next = scheduled[0];
      return { state: "ok", words: next ? `Next: "${next.title}" at ${formatSast(next.publish_at!)} (SAST).` : "No article is scheduled." };
    },
  };
}

const gigabytes = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GB`;

export async function dataDirSpace(dataDir: string): Promise<{ free: number; size: number }> {
  const stats = await statfs(dataDir);
  return { free: stats.bavail * stats.bsize, size: stats.blocks * stats.bsize };
}

function diskPart({ settings }: SitePartsDeps): PartCheck {
  const dir = path.resolve(settings.DATA_DIR);
  return {
    key: "disk",
    name: "Disk space of DATA_DIR",
    alertAfterMs: 5 * MINUTE,
    async check() {
      const { free, size } = await dataDirSpace(dir);
      const share = size ? free / size : 0;
      const words = `${gigabytes(free)} free of ${gigabytes(size)} (${Math.round(share * 100)}%) on the disk of ${dir}.`;
      if (free < Math.max(DISK_LOW_BYTES, DISK_LOW_SHARE * size)) {
        return { state: "failing", words: `${words} Leads, mail and backups need room: free some now.` };
      }
      return { state: "ok", words };
    },
  };
}

export function siteParts(deps: SitePartsDeps): PartCheck[] {
  return [mailPart, webhooksPart, calendarsPart, backupsPart, sendsPart, articlesPart, diskPart].map((part) => part(deps));
}
