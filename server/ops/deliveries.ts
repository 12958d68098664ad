import type { OutboxChannel } from "#server/db/schema.ts";
import { deliveries, deliveryFailures } from "#server/ops/metrics.ts";

interface LaneRecord {
  okAt?: Date;
  failingSince?: Date;
  lastError?: string;
}

type LanesState = { state: "failing"; since: Date; error: string } | { state: "ok"; at: Date };

/** A refused recipient (EENVELOPE) says nothing about the mail server: other mail still goes. */
function refusesOnlyTheMessage(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "EENVELOPE";
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** An instance that sent nothing since it started has heard nothing (null): the part's stored state then stands. */
export class DeliveryWatch {
  readonly #lanes = new Map<OutboxChannel, LaneRecord>();

  record(lane: OutboxChannel, error?: unknown, at = new Date()): void {
    (error === undefined ? deliveries : deliveryFailures).inc({ lane });
    if (error !== undefined && refusesOnlyTheMessage(error)) return;
    const record = this.#lanes.get(lane) ?? {};
    if (error === undefined) this.#lanes.set(lane, { okAt: at });
    else this.#lanes.set(lane, { ...record, failingSince: record.failingSince ?? at, lastError: describe(error) });
  }

  /** Mail, reminders and newsletter copies share the mail server, so their lanes are judged together. */
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
