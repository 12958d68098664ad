import { formatSast } from "#app/lib/sast.ts";
import type { DatabaseHandle } from "#server/db/connect.ts";
import type { PartHealthTable } from "#server/db/ops-tables.ts";
import { log } from "#server/log.ts";
import { type AlertSettings, queueAlert } from "#server/ops/alerts.ts";

/**
 * The parts of the site that work in the background (mail, webhooks,
 * calendars, backups, newsletter sends, scheduled articles, the disk), each
 * watched the same way (docs/decisions/0049):
 *
 * - a part registers a check (`monitor.register(part)` in server/start.ts or
 *   server/ops/site-parts.ts): a function answering how it stands now, in the
 *   agency's words, or null when it has heard nothing that says;
 * - every instance runs every check every HEALTH_CHECK_SECONDS, and keeps the
 *   answer in one table, `part_health`, one row a part: the System page
 *   (/admin/system) reads it, and the metrics (`site_part_failing`);
 * - a part failing for longer than its `alertAfterMs` has the admins mailed
 *   once, and once more when it works again, whichever instance sees it first
 *   (a compare-and-set on its row, so instances sharing PostgreSQL never mail
 *   twice); an alert about the mail itself also goes to Slack when that is set,
 *   as a dead mail server cannot carry its own alert.
 *
 * To watch a new part, write its PartCheck and register it: nothing else changes.
 */

export interface PartReport {
  /** `off`: not set up here (no webhook configured), shown as such and never alerted. */
  state: "ok" | "failing" | "off";
  /** What works, or what fails and what it means, in the agency's words: shown on the page and in the alert. */
  words: string;
  /** When this state began, when the part knows (a calendar unread since Monday, the last backup); else when a check first saw it. */
  since?: Date;
}

export interface PartCheck {
  /** Stable: the row's key in part_health. */
  key: string;
  /** As the agency calls it: "Mail delivery". */
  name: string;
  /** How long it may fail before the admins are mailed: a stumble that mends itself is worth no mail. */
  alertAfterMs: number;
  /** The alert mail itself goes through this part (mail delivery): its alerts also go by Slack when SLACK_WEBHOOK_URL is set. */
  carriesAlerts?: boolean;
  /** How the part stands now; null when this instance has nothing to go by (it sent no mail since it started): the stored state stands. */
  check(now: Date): Promise<PartReport | null>;
}

export type PartState = PartHealthTable["state"];

/** A part as the System page shows it. */
export interface PartStatus {
  key: string;
  name: string;
  state: PartState;
  words: string;
  since: Date | null;
  checkedAt: Date | null;
  /** When the admins' alert that it fails was queued; null when it was not (yet). */
  alertedAt: Date | null;
  /** The alert mail itself needs this part: queued, it leaves once the part works again. */
  carriesAlerts: boolean;
}

type Row = { state: PartState; since: Date; words: string; alerted_at: Date | null };

const NOTHING_YET = "Nothing to go by yet: it is checked again in a moment.";

export class PartMonitor {
  readonly #handle: DatabaseHandle;
  readonly #settings: AlertSettings;
  readonly #queued: () => void;
  readonly #parts: PartCheck[] = [];
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #unreachable = false;

  /** `queued`: called after an alert is queued (the outbox worker's nudge). */
  constructor(handle: DatabaseHandle, settings: AlertSettings, queued: () => void) {
    this.#handle = handle;
    this.#settings = settings;
    this.#queued = queued;
  }

  register(part: PartCheck): void {
    if (this.#parts.some((known) => known.key === part.key)) throw new Error(`A part named ${part.key} is already watched`);
    this.#parts.push(part);
  }

  /** Checks now and every `intervalMs`; a round still running when the next is due is not doubled. */
  start(intervalMs: number): void {
    const tick = () => {
      this.#running ??= this.checkAll().finally(() => (this.#running = undefined));
    };
    tick();
    this.#timer = setInterval(tick, intervalMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#running;
  }

  /** One round: every part checked and its row brought up to date, the admins told of what changed. */
  async checkAll(now = new Date()): Promise<void> {
    try {
      for (const part of this.#parts) {
        const report = await part.check(now).catch((error: unknown) => {
          log.warn(`System: the check of ${part.name} failed:`, error);
          return null;
        });
        await this.#apply(part, report, now);
      }
      if (this.#unreachable) log.info("System: the parts are checked again");
      this.#unreachable = false;
    } catch (error) {
      // The database is away (readyz says so): said once, checked again at the next round.
      if (!this.#unreachable) log.warn("System: the parts cannot be checked while the database cannot be written:", error);
      this.#unreachable = true;
    }
  }

  /** Every registered part as it stands, in the order registered. */
  async statuses(): Promise<PartStatus[]> {
    const rows = await this.#handle.db.selectFrom("part_health").selectAll().execute();
    return this.#parts.map((part) => {
      const row = rows.find((r) => r.part === part.key);
      return {
        key: part.key,
        name: part.name,
        state: row?.state ?? "unknown",
        words: row?.words ?? NOTHING_YET,
        since: row ? new Date(row.since) : null,
        checkedAt: row ? new Date(row.checked_at) : null,
        alertedAt: row?.alerted_at ? new Date(row.alerted_at) : null,
        carriesAlerts: Boolean(part.carriesAlerts),
      };
    });
  }

  async #apply(part: PartCheck, report: PartReport | null, now: Date): Promise<void> {
    const found = await this.#handle.db
      .selectFrom("part_health")
      .select(["state", "since", "words", "alerted_at"])
      .where("part", "=", part.key)
      .executeTakeFirst();
    if (!found) {
      const state = report?.state ?? "unknown";
      await this.#handle.write((db) =>
        db
          .insertInto("part_health")
          .values({
            part: part.key,
            state,
            since: report?.since ?? now,
            words: report?.words ?? NOTHING_YET,
            checked_at: now,
            alerted_at: null,
          })
          .onConflict((oc) => oc.column("part").doNothing())
          .execute(),
      );
      if (state === "failing")
        await this.#alertIfDue(part, { state, since: report?.since ?? now, words: report!.words, alerted_at: null }, now);
      return;
    }
    const row: Row = { ...found, since: new Date(found.since), alerted_at: found.alerted_at ? new Date(found.alerted_at) : null };
    // Nothing to go by here: what another instance (or this one, before a restart) saw stands.
    if (!report) return;
    if (report.state === row.state) {
      await this.#handle.write((db) =>
        db
          .updateTable("part_health")
          .set({ words: report.words, checked_at: now })
          .where("part", "=", part.key)
          .where("state", "=", row.state)
          .execute(),
      );
      if (row.state === "failing") await this.#alertIfDue(part, { ...row, words: report.words }, now);
      return;
    }
    const since = report.since ?? now;
    const changed = { state: report.state, since, words: report.words, checked_at: now, alerted_at: null };
    if (row.state === "failing" && row.alerted_at) {
      // Told it failed: told it works again, by the one instance whose change lands.
      const recovered = await this.#handle.durableTransaction(async (trx) => {
        const result = await trx
          .updateTable("part_health")
          .set(changed)
          .where("part", "=", part.key)
          .where("state", "=", "failing")
          .where("alerted_at", "is not", null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await queueAlert(trx, this.#settings, { part, change: "recovered", words: report.words, failingSince: row.since, at: now });
        return true;
      });
      if (recovered) {
        log.info(`System: ${part.name} works again (failing since ${formatSast(row.since)}); the admins are told`);
        this.#queued();
      }
      return;
    }
    const result = await this.#handle.write((db) =>
      db
        .updateTable("part_health")
        .set(changed)
        .where("part", "=", part.key)
        .where("state", "=", row.state)
        .where("alerted_at", "is", null)
        .executeTakeFirst(),
    );
    if (Number(result.numUpdatedRows) !== 1) return;
    if (report.state === "failing") {
      log.warn(`System: ${part.name} is failing since ${formatSast(since)}: ${report.words}`);
      await this.#alertIfDue(part, { state: "failing", since, words: report.words, alerted_at: null }, now);
    } else if (row.state === "failing") {
      log.info(`System: ${part.name} works again`);
    }
  }

  /** Tells the admins once that a part fails, when it has failed for its alertAfterMs. */
  async #alertIfDue(part: PartCheck, row: Row, now: Date): Promise<void> {
    if (row.alerted_at || now.getTime() - row.since.getTime() < part.alertAfterMs) return;
    const alerted = await this.#handle.durableTransaction(async (trx) => {
      const result = await trx
        .updateTable("part_health")
        .set({ alerted_at: now })
        .where("part", "=", part.key)
        .where("state", "=", "failing")
        .where("alerted_at", "is", null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await queueAlert(trx, this.#settings, { part, change: "failing", words: row.words, failingSince: row.since, at: now });
      return true;
    });
    if (alerted) {
      log.error(`System: ${part.name} has been failing since ${formatSast(row.since)}; the admins are told: ${row.words}`);
      this.#queued();
    }
  }
}
