import { formTypeLabel, statusLabel } from "~/lib/inbox";
import { sastDay } from "~/lib/sast";
import { recordAudit } from "../../../server/admin/audit";
import { csvDownload } from "../../../server/admin/csv";
import { actorOf, adminOf, requireSession } from "../../../server/admin/guard";
import { EXPORT_COLUMNS, exportRows, type InboxFilter, parseFilter, searchProblem } from "../../../server/admin/inbox";
import type { Route } from "./+types/export";

/** What the audit log says of an export: the filter, but never a search term (it may be someone's address). */
function describe(filter: InboxFilter): string {
  const parts = [
    filter.type && `form ${formTypeLabel(filter.type)}`,
    filter.status && `status ${statusLabel(filter.status)}`,
    filter.from && `from ${filter.from}`,
    filter.to && `to ${filter.to}`,
    filter.source && `source ${filter.source}`,
    filter.medium && `medium ${filter.medium}`,
    filter.campaign && `campaign ${filter.campaign}`,
    filter.q && "a search",
  ].filter(Boolean);
  return parts.length ? `exported the leads of: ${parts.join(", ")}` : "exported every lead";
}

// The inbox's current filter as CSV, streamed page by page (server/admin/inbox.ts exportRows).
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireSession(context);
  const { db } = adminOf(context);
  const filter = parseFilter(new URL(request.url).searchParams);
  const problem = searchProblem(filter);
  if (problem) return new Response(problem, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  await recordAudit(db, actorOf(session), { action: "export", detail: describe(filter) });
  return csvDownload(`leads-${sastDay(new Date())}.csv`, [EXPORT_COLUMNS], exportRows(db, filter));
}
