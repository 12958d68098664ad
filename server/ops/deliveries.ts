import type { OutboxChannel } from "#server/db/schema.ts";
import { deliveries, deliveryFailures } from "#server/ops/metrics.ts";

/** What this process last heard from a lane's receiver (the mail server, the webhook's). */
interface LaneRecord {
  okAt?: Date;
  /** The first failure since the last delivery; unset once one is delivered again. */
  failingSince?: Date;
  lastError?: string;
}

/** How the receivers of some lanes stand, as this process last heard: failing since when and why, or delivering. */
type LanesState = { state: "failing"; since: Date; error: string } | { state: "ok"; at: Date };

/**
 * A refusal of one message, not of the receiver: the mail server turned down
 * a recipient (nodemailer's EENVELOPE: a mistyped address, a full mailbox).
 * Other mail still goes, so it says nothing about the part; the message is
 * retried and, past its attempts, kept as failed like any other.
 */
function refusesOnlyTheMessage(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "EENVELOPE";
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Every delivery attempt of the outbox worker, as it ends (worker.ts calls
 * `record`): counted for the metrics, and kept per lane in memory for the
 * parts that watch a receiver (mail, webhooks). An instance that sent nothing
 * since it started has heard nothing, and says so (null): the part's stored
 * state then stands, as another instance saw it.
 */
export class DeliveryWatch {
  readonly #lanes = new Map<OutboxChannel, LaneRecord>();

  record(lane: OutboxChannel, error?: unknown, at = new Date()): void {
    (error === undefined ? deliveries : deliveryFailures).inc({ lane });
    if (error !== undefined && refusesOnlyTheMessage(error)) return;
    const record = this.#lanes.get(lane) ?? {};
    if (error === undefined) this.#lanes.set(lane, { okAt: at });
    else this.#lanes.set(lane, { ...record, failingSince: record.failingSince ?? at, lastError: describe(error) });
  }

  /**
   * The lanes together (mail, reminders and newsletter copies share the mail
   * server): failing when what was heard last since any of them delivered is
   * a failure, since the first of those; null when none was heard from.
   */
  state(lanes: readonly OutboxChannel[]): LanesState | null {
    const records = lanes.flatMap((lane) => this.#lanes.get(lane) ?? []);
    if (!records.length) return null;
    const lastOk = Math.max(...records.map((record) => record.okAt?.getTime() ?? 0));
    const failures = records
      .filter((record) => record.failingSince && record.failingSince.getTime() >= lastOk)
      .sort((a, b) => a.failingSince!.getTime() - b.failingSince!.getTime());
    const first = failures[0];
    if (first) return { state: "failing", since: first.failingSince!, error: first.lastError ?? "" };
    return { state: "ok", at: new Date(lastOk) };
  }
}
