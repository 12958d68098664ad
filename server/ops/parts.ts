import { formatSast } from "#app/lib/sast.ts";
import type { DatabaseHandle } from "#server/db/connect.ts";
import type { PartHealthTable } from "#server/db/ops-tables.ts";
import { log } from "#server/log.ts";
import { type AlertSettings, queueAlert } from "#server/ops/alerts.ts";

// Each part is checked by every instance, kept in one row; a compare-and-set alerts once (docs/decisions/0049).

export interface PartReport {
  state: "ok" | "failing" | "off";
  words: string;
  since?: Date;
}

export interface PartCheck {
  key: string;
  name: string;
  /** A stumble that mends itself is worth no mail. */
  alertAfterMs: number;
  /** Its alerts also go by Slack, as a dead mail server cannot carry its own alert. */
  carriesAlerts?: boolean;
  /** Null when this instance has nothing to go by (it sent no mail since it started): the stored state stands. */
  check(now: Date): Promise<PartReport | null>;
}

export type PartState = PartHealthTable["state"];

export interface PartStatus {
  key: string;
  name: string;
  state: PartState;
  words: string;
  since: Date | null;
  checkedAt: Date | null;
  alertedAt: Date | null;
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

  constructor(handle: DatabaseHandle, settings: AlertSettings, queued: () => void) {
    this.#handle = handle;
    this.#settings = settings;
    this.#queued = queued;
  }

  register(part: PartCheck): void {
    if (this.#parts.some((known) => known.key === part.key)) throw new Error(`A part named ${part.key} is already watched`);
    this.#parts.push(part);
  }

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
      if (!this.#unreachable) log.warn("System: the parts cannot be checked while the database cannot be written:", error);
      this.#unreachable = true;
    }
  }

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
      // Told it works again by the one instance whose change lands.
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
