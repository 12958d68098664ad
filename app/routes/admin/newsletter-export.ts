import { sastDay } from "#app/lib/sast.ts";
import { recordAudit } from "#server/audit/audit.ts";
import { csvDownload } from "#server/admin/csv.ts";
import { actorOf, adminOf, requireRoleFor } from "#server/admin/guard.ts";
import { confirmedSubscribers, SUBSCRIBER_EXPORT_COLUMNS, subscriberExportRow } from "#server/newsletter/inbox.ts";
import { servicesOf } from "#server/services.ts";
import type { Route } from "./+types/newsletter-export";

// The confirmed subscribers as CSV for the agency's mailing tool: only those who may be mailed.
export async function loader({ context }: Route.LoaderArgs) {
  const session = requireRoleFor(context, "export");
  const { newsletter, settings, database } = servicesOf(context);
  await recordAudit(adminOf(context).db, actorOf(session), { action: "export", detail: "exported the confirmed newsletter subscribers" });
  const rows = async function* () {
    for await (const subscriber of confirmedSubscribers(database.db)) {
      yield subscriberExportRow(subscriber, settings.SITE_URL, newsletter.unsubscribeUrl(subscriber));
    }
  };
  return csvDownload(`newsletter-subscribers-${sastDay(new Date())}.csv`, [SUBSCRIBER_EXPORT_COLUMNS], rows());
}
