import { z } from "zod";
import { captchaProviders, captchaWidgets } from "#app/forms/captcha-config.ts";

function durationMs(text: string): number {
  const unit = { h: 3_600_000, m: 60_000, s: 1000 } as const;
  return [...text.matchAll(/(\d+)([hms])/g)].reduce((sum, [, n, u]) => sum + Number(n) * unit[u as keyof typeof unit], 0);
}

/** Parsed once at start; tests/unit/env.test.ts keeps .env.example and the README's table in step. */
const port = z.coerce.number().int().min(0).max(65535);

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: port.default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  SITE_URL: z
    .url({ protocol: /^https?$/ })
    .default("http://localhost:3000")
    .transform((url) => url.replace(/\/+$/, "")),
  DATA_DIR: z.string().min(1).default("./data"),
  TRUST_PROXY: z
    .enum(["none", "x-forwarded-for", "x-real-ip", "cf-connecting-ip"])
    .default("none")
    .describe("which proxy header names the client address"),
  // A provider gives each customer a /64 (or a /56, /48): one customer is one network, not one address.
  RATE_LIMIT_IPV6_PREFIX: z.coerce
    .number()
    .int()
    .min(32)
    .max(128)
    .default(64)
    .describe("how many leading bits of an IPv6 address rate limits count as one visitor (server/http/client-address.ts)"),
  LOG_LEVEL: z.enum(["error", "warn", "info", "debug"]).default("info"),
  // What a monitoring system reads (server/ops, docs/decisions/0049).
  METRICS_TOKEN: z
    .string()
    .min(16, "must be at least 16 characters (a random one: openssl rand -hex 24)")
    .regex(/^[\x21-\x7e]+$/, "must be printable characters without spaces")
    .optional()
    .describe("the bearer token Prometheus sends for /metrics; unset: no /metrics"),
  HEALTH_CHECK_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(60)
    .describe("how often the site's parts (mail, webhooks, calendars, backups, sends) are checked for the System page and its alerts"),
  MAIL_DOWN_ALERT_AFTER: z
    .string()
    .regex(/^(?=\d)(\d+h)?(\d+m)?(\d+s)?$/, "must be a duration like 15m, 1h or 90s")
    .default("15m")
    .transform(durationMs)
    .describe("how long mail may fail to be delivered before the admins are told"),
  // Empty when unset rather than optional: prerendered pages carry a placeholder the server
  // replaces with this text (server/http/static.ts), and an empty id is what tells the page there is no video.
  INTRO_VIDEO_ID: z
    .string()
    .regex(/^([\w-]{11})?$/, "must be an 11-character YouTube video id, or empty for none")
    .default("")
    .describe("the home page's intro video; unset: the hero shows its illustration alone"),
  GA_MEASUREMENT_ID: z
    .string()
    .regex(/^G-[A-Z0-9]+$/, "a Google Analytics 4 measurement id looks like G-XXXXXXXXXX")
    .optional()
    .describe("turns on Google Analytics 4, behind the visitor's cookie consent"),

  // Leads: storage, notifications and bot checks (docs/decisions).
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" })
    .optional()
    .describe("PostgreSQL instead of the embedded SQLite file"),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" })
    .optional()
    .describe("mail server for notifications; without it they are written as .eml files"),
  MAIL_FROM: z.string().min(3).optional().describe("sender of notifications (default: the site's name and email)"),
  NOTIFY_TO: z.string().min(3).optional().describe("who receives lead notifications (default: the agency email)"),
  CAPTCHA_PROVIDER: z.enum(captchaProviders).default("altcha"),
  CAPTCHA_SITE_KEY: z.string().min(1).optional(),
  CAPTCHA_SECRET_KEY: z.string().min(1).optional(),
  CAPTCHA_VERIFY_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe("siteverify URL override (tests)"),
  CAPTCHA_WIDGET: z.enum(captchaWidgets).default("visible"),
  ALTCHA_HMAC_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  SECRETS_KEY: z
    .string()
    .min(32, "must be at least 32 characters, e.g. $(openssl rand -hex 32)")
    .optional()
    .describe(
      "seals the inbox users' authenticator secrets, kept apart from the database and its backups; required with DATABASE_URL; unset: generated into DATA_DIR/secrets.key",
    ),
  ALTCHA_COST: z.coerce.number().int().min(1).max(1_000_000).default(2000),
  NOSCRIPT_POSTS: z.enum(["accept", "reject"]).default("accept"),
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).default(5000),
  OUTBOX_RETRY_BASE_MS: z.coerce.number().int().min(10).default(30_000),
  OUTBOX_RETRY_MAX_MS: z.coerce.number().int().min(10).default(3_600_000),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(24),
  OUTBOX_LEASE_MS: z.coerce
    .number()
    .int()
    .min(100)
    // Renewed as each message's send starts: longer than one whole SMTP exchange with its timeouts.
    .default(2 * 60 * 1000)
    .describe("how long a worker holds a message it is sending before another instance may retry it"),

  // Delivery to the agency's tools through the outbox (server/webhooks, docs/decisions/0016).
  LEAD_WEBHOOK_URL: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .optional()
    .describe("receives every lead and booking as signed JSON (Standard Webhooks); unset: nothing is queued"),
  LEAD_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/, "must be whsec_ followed by base64, e.g. whsec_$(openssl rand -base64 32)")
    .refine((secret) => {
      const bytes = Buffer.from(secret.slice("whsec_".length), "base64").length;
      return bytes >= 24 && bytes <= 64;
    }, "must hold 24 to 64 random bytes in base64 after whsec_")
    .optional()
    .describe("signs each webhook (webhook-signature); the receiver verifies with the same secret"),
  SLACK_WEBHOOK_URL: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .optional()
    .describe("a Slack-style incoming webhook that gets a short text message per lead and booking"),
  WEBHOOK_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(60_000)
    .default(10_000)
    .describe("how long one webhook delivery may take, answer included, before it counts as failed and is retried"),

  // Book a Call (/calendar): 15-minute slots, all times SAST (server/booking).
  BOOKING_HOURS: z
    .string()
    .regex(/^([01]\d|2[0-4]):(00|15|30|45)-([01]\d|2[0-4]):(00|15|30|45)$/, {
      error: "must be HH:MM-HH:MM on quarter hours, e.g. 09:00-18:00",
      abort: true,
    })
    // Zero-padded times compare as text.
    .refine((hours) => hours.slice(0, 5) < hours.slice(6) && hours.slice(6) <= "24:00", "must open before it closes, by 24:00")
    .default("09:00-18:00")
    .describe("when calls can be booked, SAST"),
  BOOKING_MIN_NOTICE_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(30 * 24 * 60)
    .default(120),
  BOOKING_HORIZON_DAYS: z.coerce.number().int().min(1).max(366).default(21),
  BOOKING_BUFFER_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(0),
  BOOKING_BLOCKED_DAYS: z
    .string()
    .default("")
    .transform((list) =>
      list
        .split(",")
        .map((day) => day.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.iso.date({ error: "must be comma-separated dates like 2026-12-24" })))
    .describe("days the agency takes no calls"),
  BOOKING_MAX_FUTURE_PER_EMAIL: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(1)
    .describe("calls not yet over that one mailbox may hold at once (server/mail/address.ts mailboxOf)"),
  BOOKING_REMINDERS: z
    .string()
    .default("24h,1h")
    .transform((list) =>
      list === "off"
        ? []
        : list
            .split(",")
            .map((lead) => lead.trim())
            .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().regex(/^(?=\d)(\d+h)?(\d+m)?(\d+s)?$/, "must be comma-separated durations like 24h,1h or 90m, or off"))
        .max(5)
        .transform((leads) => leads.map(durationMs)),
    )
    .describe("how long before a call its reminders go to the visitor and the consultant, or off"),
  CONSULTANTS_FILE: z
    .string()
    .min(1)
    .optional()
    .describe("YAML file of the consultants who take calls, their hours, meeting links and calendars; unset: the co-founders"),
  ARTICLES_POLL_MS: z.coerce
    .number()
    .int()
    .min(50)
    .max(60_000)
    .default(1000)
    .describe("how often each instance looks for articles saved, published or scheduled on another"),
  CALENDAR_REFRESH_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60 * 60)
    .default(300)
    .describe("how often the consultants' calendars are read for busy times"),
  CALENDAR_STALE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(60)
    .describe("a consultant whose calendars were never read, or not for this long, is offered for no slot until they are"),
  CALENDAR_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(120_000)
    .default(15_000)
    .describe("how long reading one calendar may take, all its requests together"),
  CALENDAR_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1000)
    .max(100_000_000)
    .default(10_000_000)
    .describe("most bytes one calendar's answers may hold together"),
  BOOKING_TOKEN_SECRET: z
    .string()
    .min(32, "must be at least 32 characters")
    .optional()
    .describe(
      "signs cancel and reschedule links; derived from the site key (ALTCHA_HMAC_KEY or the key generated into DATA_DIR) when unset",
    ),

  // Articles mailed to the newsletter's subscribers (server/articles/send.ts, docs/decisions/0038).
  NEWSLETTER_RATE_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(10)
    .max(60_000)
    .default(300)
    .describe(
      "how many copies of an article all instances together mail a minute to the newsletter's subscribers (the mail provider's limit)",
    ),

  // How long copies and records are kept (server/retention.ts, docs/decisions/0029-forgetting-retention-and-backups.md).
  RETENTION_SENT_MAIL_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(90)
    .describe("days the copy of a delivered message (its bodies in the outbox, its .eml file) is kept"),
  RETENTION_AUDIT_DAYS: z.coerce.number().int().min(30).max(3650).default(730).describe("days an entry of the inbox's audit log is kept"),

  // Image decoding and social cards, in a process of their own (server/heavy-work/, docs/decisions/0044).
  HEAVY_WORK_THREADS: z.coerce
    .number()
    .int()
    .min(1)
    .max(16)
    .default(2)
    .describe("how many threads the heavy-work process encodes an upload's images on"),
  HEAVY_WORK_NICE: z.coerce
    .number()
    .int()
    .min(0)
    .max(19)
    .default(19)
    .describe("the heavy-work process's niceness on Linux: 19 lets every request go first; 0 only for tests"),
  HEAVY_WORK_QUEUE: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(20)
    .describe("how many uploads may wait for the heavy-work process; past that an upload is refused, to try again in a minute"),
  HEAVY_WORK_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(600_000)
    .default(120_000)
    .describe("how long one upload's images or one social card may take before the heavy-work process is ended and the job fails"),
  ARTICLE_UPLOADS_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(20)
    .describe("how many images one editor may upload a minute"),

  // Backups of the embedded database (server/backups.ts); PostgreSQL is backed up with pg_dump.
  BACKUP_DIR: z.string().min(1).optional().describe("where backups are written; unset: DATA_DIR/backups"),
  BACKUP_HOUR: z
    .string()
    .regex(/^(off|[01]?\d|2[0-3])$/, "must be an hour from 0 to 23 (SAST), or off")
    .default("2")
    .transform((hour) => (hour === "off" ? null : Number(hour)))
    .describe("the hour (SAST) of the server's daily backup of the embedded database, or off"),
  BACKUP_KEEP_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(366)
    .default(14)
    .describe("how many days of daily backups are kept; older ones are deleted"),

  // The lead inbox under /admin (server/admin).
  ADMIN_PASSWORD_COST: z.coerce
    .number()
    .int()
    .min(14)
    .max(18)
    .default(17)
    .describe("scrypt's cost for the inbox's passwords, as a power of two (17: OWASP's N = 2^17); lower only for tests"),
  ADMIN_PASSWORD_THREAD_NICE: z.coerce
    .number()
    .int()
    .min(0)
    .max(19)
    .default(19)
    .describe("the password hashing thread's niceness on Linux: 19 lets every request go first; 0 only for tests"),
  ADMIN_SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(60)
    .describe("an agency user is signed out after this many minutes without a request"),
});

function combinationIssues(env: z.infer<typeof envSchema>): string[] {
  const issues: string[] = [];
  if (env.CAPTCHA_PROVIDER !== "altcha") {
    for (const name of ["CAPTCHA_SITE_KEY", "CAPTCHA_SECRET_KEY"] as const) {
      if (!env[name]) issues.push(`${name}: required when CAPTCHA_PROVIDER is ${env.CAPTCHA_PROVIDER}`);
    }
  }
  if (env.OUTBOX_RETRY_MAX_MS < env.OUTBOX_RETRY_BASE_MS) {
    issues.push("OUTBOX_RETRY_MAX_MS: must not be less than OUTBOX_RETRY_BASE_MS");
  }
  if (env.LEAD_WEBHOOK_URL && !env.LEAD_WEBHOOK_SECRET) {
    issues.push("LEAD_WEBHOOK_SECRET: required when LEAD_WEBHOOK_URL is set (whsec_ followed by base64 of 24 to 64 random bytes)");
  }
  // A worker holds up to 10 messages at a time: they must all fit in its lease.
  if ((env.LEAD_WEBHOOK_URL || env.SLACK_WEBHOOK_URL) && env.WEBHOOK_TIMEOUT_MS * 10 >= env.OUTBOX_LEASE_MS) {
    issues.push("WEBHOOK_TIMEOUT_MS: must be less than a tenth of OUTBOX_LEASE_MS");
  }
  // A worker holds up to 10 copies at a time, paced at this rate: they must fit in its lease.
  if (10 * (60_000 / env.NEWSLETTER_RATE_PER_MINUTE) >= env.OUTBOX_LEASE_MS) {
    issues.push("NEWSLETTER_RATE_PER_MINUTE: ten messages at this rate must take less than OUTBOX_LEASE_MS");
  }
  // Read every CALENDAR_REFRESH_SECONDS, a calendar is always older than that just before its next read.
  if (env.CALENDAR_STALE_MINUTES * 60 <= env.CALENDAR_REFRESH_SECONDS) {
    issues.push("CALENDAR_STALE_MINUTES: must be longer than CALENDAR_REFRESH_SECONDS, or every consultant would be offered for no slot");
  }
  return issues;
}

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  override name = "EnvError";
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const defined = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(defined);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new EnvError(`Invalid settings:\n${lines.join("\n")}`);
  }
  const combined = combinationIssues(result.data);
  if (combined.length) throw new EnvError(`Invalid settings:\n${combined.map((line) => `  ${line}`).join("\n")}`);
  return result.data;
}

let cached: Env | undefined;

/** The process's settings, parsed on first use. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
