import { hostname } from "node:os";
import path from "node:path";
import { lastBackupAt } from "#server/backups.ts";
import type { DatabaseHandle } from "#server/db/connect.ts";
import type { Env } from "#server/env.ts";
import type { DeliveryWatch } from "#server/ops/deliveries.ts";
import { PartMonitor } from "#server/ops/parts.ts";
import { registerSiteGauges } from "#server/ops/site-gauges.ts";
import { siteParts, type SitePartsDeps } from "#server/ops/site-parts.ts";

export interface RunningInstance {
  version: string;
  node: string;
  host: string;
  startedAt: Date;
}

export interface OpsServices {
  monitor: PartMonitor;
  instance: RunningInstance;
  stop(): Promise<void>;
}

/** `nudge` is the outbox worker's, so an alert leaves at once. */
export function startOps(
  deps: { settings: Env; handle: DatabaseHandle; deliveries: DeliveryWatch; consultants: SitePartsDeps["consultants"]; nudge: () => void },
  version: string,
): OpsServices {
  const { settings, handle } = deps;
  const instance: RunningInstance = { version, node: process.versions.node, host: hostname(), startedAt: new Date() };
  const monitor = new PartMonitor(handle, settings, deps.nudge);
  for (const part of siteParts({ ...deps, startedAt: instance.startedAt })) monitor.register(part);
  const takesBackups = !settings.DATABASE_URL && settings.BACKUP_HOUR !== null;
  registerSiteGauges({
    handle,
    monitor,
    dataDir: path.resolve(settings.DATA_DIR),
    lastBackup: () => (takesBackups ? lastBackupAt(settings) : null),
    version,
  });
  monitor.start(settings.HEALTH_CHECK_SECONDS * 1000);
  return { monitor, instance, stop: () => monitor.stop() };
}
