import { sastDay } from "~/lib/sast";
import { recordAudit } from "../../../server/admin/audit";
import { CSV_BOM, csvRow } from "../../../server/admin/csv";
import { actorOf, adminOf, requireSession } from "../../../server/admin/guard";
import { SUBSCRIBER_EXPORT_COLUMNS, subscriberExportRow } from "../../../server/newsletter/inbox";
import { servicesOf } from "../../../server/services";
import type { Route } from "./+types/newsletter-export";

// The confirmed subscribers as CSV for the agency's mailing tool: only those who may be mailed.
export async function loader({ context }: Route.LoaderArgs) {
  const session = requireSession(context);
  const { newsletter, settings } = servicesOf(context);
  await recordAudit(adminOf(context).db, actorOf(session), { action: "export", detail: "exported the confirmed newsletter subscribers" });
  let csv = CSV_BOM + csvRow(SUBSCRIBER_EXPORT_COLUMNS);
  for await (const subscriber of newsletter.confirmed()) {
    csv += csvRow(subscriberExportRow(subscriber, settings.SITE_URL, newsletter.unsubscribeUrl(subscriber)));
  }
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="newsletter-subscribers-${sastDay(new Date())}.csv"`,
    },
  });
}
