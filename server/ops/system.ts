import type { OpsServices } from "#server/ops/services.ts";
import type { PartState } from "#server/ops/parts.ts";

export interface SystemPart {
  key: string;
  name: string;
  state: PartState;
  words: string;
  since: string | null;
  checkedAt: string | null;
  alertedAt: string | null;
  carriesAlerts: boolean;
}

export interface SystemReport {
  parts: SystemPart[];
  instance: { version: string; node: string; host: string; startedAt: string };
  everySeconds: number;
}

export async function systemReport(ops: OpsServices, everySeconds: number): Promise<SystemReport> {
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  const parts = await ops.monitor.statuses();
  return {
    parts: parts.map((part) => ({ ...part, since: iso(part.since), checkedAt: iso(part.checkedAt), alertedAt: iso(part.alertedAt) })),
    instance: { ...ops.instance, startedAt: ops.instance.startedAt.toISOString() },
    everySeconds,
  };
}
