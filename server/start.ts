import { Router } from "express";
import { articles } from "#app/content/blog.server.ts";
import { adminServices } from "#server/admin/services.ts";
import { LiveArticles } from "#server/articles/live.ts";
import { LiveSiteContent } from "#server/site-content/live.ts";
import { Publishing } from "#server/publishing/service.ts";
import { seedArticles } from "#server/articles/seed.ts";
import { newsletterSender } from "#server/articles/send.ts";
import { startDailyBackups } from "#server/backups.ts";
import { bookingServices } from "#server/booking/services.ts";
import { ALTCHA_CHALLENGE_PATH, captchaAllowances, createCaptcha } from "#server/captcha/index.ts";
import { prepareMasterKey, siteSecrets, totpSealingKey } from "#server/captcha/keys.ts";
import { prepareSecretsKey, sealSecondFactorsApart } from "#server/admin/secrets-key.ts";
import { tightenDataDir } from "#server/data-dir.ts";
import { SpentChallenges } from "#server/captcha/spent-challenges.ts";
import { LeadStore } from "#server/leads/store.ts";
import { HeavyWork } from "#server/heavy-work/heavy-work.ts";
import { OutboxStore } from "#server/outbox/store.ts";
import { RateLimits } from "#server/rate-limits.ts";
import type { Env } from "#server/env.ts";
import { isCrossSite } from "#server/http/request.ts";
import { log } from "#server/log.ts";
import { createMailer } from "#server/mail/transport.ts";
import { openSiteDatabase } from "#server/migrations.ts";
import { oneClickFromAnotherSite } from "#server/newsletter/one-click.ts";
import { Newsletter, UNSUBSCRIBE_PATH } from "#server/newsletter/subscribers.ts";
import { mailFilesOfSite } from "#server/outbox/mail-files.ts";
import { startOutboxWorker } from "#server/outbox/worker.ts";
import { retention } from "#server/retention.ts";
import type { CspAllowances } from "#server/http/security.ts";
import type { CoreServices } from "#server/core-services.ts";
import type { SiteServices } from "#server/services.ts";
import { registerWebhookLanes } from "#server/webhooks/deliver.ts";
import { newsletterWebhookEvent } from "#server/webhooks/payload.ts";
import { DeliveryWatch } from "#server/ops/deliveries.ts";
import { startOps } from "#server/ops/services.ts";
import { queueWebhookEvent } from "#server/webhooks/queue.ts";
import { NO_STORE } from "#app/lib/cache-control.ts";

export interface RunningServices {
  /** Handed to every loader and action through React Router's context (server/app.ts). */
  services: SiteServices;
  /** Refuses cross-site posts; serves GET /api/altcha/challenge when ALTCHA is the provider. */
  routes: Router;
  /** Adds the origins the captcha widget needs to the Content-Security-Policy's allowances. */
  withCaptcha(allowances: CspAllowances): CspAllowances;
  close(): Promise<void>;
}

/**
 * Opens (and migrates) the database, loads the signing key, picks the captcha
 * provider and mailer, starts the outbox worker, and builds each feature's
 * services from these, once.
 */
export async function startServices(
  settings: Env,
  { calendarThread, heavyWorkProcess, version = "development" }: { calendarThread?: URL; heavyWorkProcess: URL; version?: string },
): Promise<RunningServices> {
  // Before the database opens: SQLite gives a new -wal file the database file's mode.
  const { tightened, refused } = tightenDataDir(settings.DATA_DIR);
  if (tightened.length) {
    const named = tightened.slice(0, 5).join(", ") + (tightened.length > 5 ? ` and ${tightened.length - 5} more` : "");
    log.info(`DATA_DIR: made ${tightened.length} files and folders an earlier version wrote readable by this server's user only: ${named}`);
  }
  if (refused.length) log.warn(`DATA_DIR: could not make these readable by this server's user only: ${refused.join(", ")}`);
  const database = await openSiteDatabase(settings);
  // The six articles of app/content/blog become the inbox's first records (docs/decisions/0036).
  await seedArticles(database.db, articles);
  // One poll and one publish path for every kind of live content (docs/decisions/0057).
  const publishing = new Publishing();
  const liveArticles = new LiveArticles(database.db);
  publishing.register(liveArticles);
  // Pricing as records, SPEC.md's at the first start (docs/decisions/0052).
  const siteContent = new LiveSiteContent(database.db);
  await siteContent.seed();
  publishing.register(siteContent);
  await publishing.start(settings.ARTICLES_POLL_MS);
  const leads = new LeadStore(database);
  const rateLimits = new RateLimits(database);
  const challenges = new SpentChallenges(database);
  const outbox = new OutboxStore(database);
  const master = await prepareMasterKey(settings, database);
  const secrets = { ...siteSecrets(master), adminTotp: totpSealingKey(prepareSecretsKey(settings, database.dialect)) };
  await sealSecondFactorsApart(settings, database, { current: secrets.adminTotp, former: totpSealingKey(master) });
  const captcha = createCaptcha(settings, secrets, (id, expiresAt) => challenges.spend(id, expiresAt));
  const mailer = createMailer(settings);
  // Confirmations and departures reach the lead webhook in the transaction that records them
  // (the newsletter's transaction knows its own tables too; the webhook writes only the outbox).
  const newsletter = new Newsletter(database, secrets.newsletterLinks, settings.SITE_URL, (event, trx) =>
    queueWebhookEvent(trx, settings, { table: "newsletter_subscribers", id: event.subscriberId }, newsletterWebhookEvent(event)),
  );
  newsletter.contactFrom(() => siteContent.content("contact"));
  const sweeper = retention({ settings, database, outbox, mail: mailFilesOfSite(settings) });
  const deliveries = new DeliveryWatch();
  // Each lane but mail gets its sender from its feature, below; until then its messages wait.
  const worker = startOutboxWorker({
    outbox,
    mailer,
    watch: deliveries,
    pollMs: settings.OUTBOX_POLL_MS,
    retry: { baseMs: settings.OUTBOX_RETRY_BASE_MS, maxMs: settings.OUTBOX_RETRY_MAX_MS, maxAttempts: settings.OUTBOX_MAX_ATTEMPTS },
    messageIdHost: new URL(settings.SITE_URL).hostname,
    leaseMs: settings.OUTBOX_LEASE_MS,
    sweeps: [() => challenges.sweep(), () => rateLimits.sweep(), () => sweeper.sweep()],
  });
  registerWebhookLanes(worker, settings);
  worker.register(
    "newsletter",
    newsletterSender({
      handle: database,
      links: newsletter,
      mailer,
      messageIdHost: new URL(settings.SITE_URL).hostname,
      perMinute: settings.NEWSLETTER_RATE_PER_MINUTE,
    }),
  );
  const { BACKUP_HOUR } = settings;
  const backups = database.dialect === "sqlite" && BACKUP_HOUR !== null ? startDailyBackups({ ...settings, BACKUP_HOUR }) : undefined;
  const core: CoreServices = { settings, database, leads, rateLimits, challenges, captcha, secrets, worker };
  const booking = bookingServices(core, { calendarThread, mailer, contact: () => siteContent.content("contact") });
  // The System page's parts, checked in the background; the outbox's nudge sends an alert at once.
  const ops = startOps({ settings, handle: database, deliveries, consultants: booking.consultants, nudge: () => worker.nudge() }, version);
  const services: SiteServices = {
    ...core,
    booking,
    admin: adminServices(core),
    newsletter,
    articles: liveArticles,
    siteContent,
    publishing,
    ops,
    heavyWork: new HeavyWork({
      module: heavyWorkProcess,
      threads: settings.HEAVY_WORK_THREADS,
      nice: settings.HEAVY_WORK_NICE,
      queueLimit: settings.HEAVY_WORK_QUEUE,
      timeoutMs: settings.HEAVY_WORK_TIMEOUT_MS,
    }),
  };
  services.booking.calendars.start();
  const delivered = [settings.LEAD_WEBHOOK_URL && "the lead webhook", settings.SLACK_WEBHOOK_URL && "Slack"].filter(Boolean);
  log.info(
    `Leads: ${database.dialect === "postgres" ? "PostgreSQL" : "SQLite"} database, ${captcha.method} bot check, notifications by ${mailer.description}${delivered.length ? `, also to ${delivered.join(" and ")}` : ""}`,
  );
  if (database.dialect === "postgres" && !settings.SMTP_URL) {
    log.warn(
      "SMTP_URL is not set: notifications are written into this instance's DATA_DIR/mail; instances sharing a database should send them by SMTP",
    );
  }

  const routes = Router();
  routes.post(`${UNSUBSCRIBE_PATH}/:token`, oneClickFromAnotherSite(settings.SITE_URL, newsletter));
  // Before React Router sees it: a cross-site post never reaches an action (its own
  // check answers a bare 400 and logs a stack trace for every attempt).
  routes.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const origin = req.get("origin");
    const crossSite = isCrossSite(
      { origin, fetchSite: req.get("sec-fetch-site") },
      settings.SITE_URL,
      `${req.protocol}://${req.get("host")}`,
    );
    if (!crossSite) return next();
    res.status(403).type("text/plain").setHeader("Cache-Control", NO_STORE).send("Cross-site form posts are refused.");
  });
  const challenge = captcha.challenge;
  if (challenge) {
    routes.get(ALTCHA_CHALLENGE_PATH, async (_req, res, next) => {
      try {
        res.setHeader("Cache-Control", NO_STORE);
        res.json(await challenge());
      } catch (error) {
        next(error);
      }
    });
  }

  return {
    services,
    routes,
    withCaptcha(allowances) {
      const extra = captchaAllowances(settings.CAPTCHA_PROVIDER);
      return {
        script: [...allowances.script, ...extra.script],
        connect: [...allowances.connect, ...extra.connect],
        frame: [...allowances.frame, ...extra.frame],
        img: [...allowances.img, ...extra.img],
      };
    },
    async close() {
      const parts: Array<[string, () => unknown]> = [
        ["health checks", () => ops.stop()],
        ["backups", () => backups?.stop()],
        ["publishing poll", () => publishing.stop()],
        ["heavy work", () => services.heavyWork.stop()],
        ["calendars", () => services.booking.calendars.stop()],
        ["outbox worker", () => worker.stop()],
        ["mailer", () => mailer.close()],
        ["database", () => database.close()],
      ];
      for (const [part, stop] of parts) await stopNamed(part, stop);
    },
  };
}

const SLOW_STOP_MS = 5000;

/** Stops one part, and says which while it holds the shutdown up: a stuck stop is otherwise a silent hang. */
async function stopNamed(part: string, stop: () => unknown): Promise<void> {
  const started = Date.now();
  const slow = setInterval(() => log.warn(`Shutdown: still stopping the ${part} after ${Date.now() - started} ms`), SLOW_STOP_MS);
  slow.unref();
  try {
    await stop();
  } finally {
    clearInterval(slow);
  }
}
