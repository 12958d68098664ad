import { sastDay } from "#app/lib/sast.ts";
import { recordAudit } from "#server/audit/audit.ts";
import { describeFilter } from "#server/admin/filter.ts";
import { csvDownload } from "#server/admin/csv.ts";
import { actorOf, adminOf, requireRoleFor } from "#server/admin/guard.ts";
import { EXPORT_COLUMNS, exportRows } from "#server/admin/lead-export.ts";
import { parseFilter, searchProblem } from "#server/admin/filter.ts";
import type { Route } from "./+types/export";

// The inbox's current filter as CSV, streamed page by page (server/admin/lead-export.ts exportRows).
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireRoleFor(context, "export");
  const { db, forgetKey } = adminOf(context);
  const filter = parseFilter(new URL(request.url).searchParams);
  const problem = searchProblem(filter);
  if (problem) return new Response(problem, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const filtered = describeFilter(filter, forgetKey);
  await recordAudit(db, actorOf(session), {
    action: "export",
    detail: filtered ? `exported the leads of: ${filtered}` : "exported every lead",
  });
  return csvDownload(`leads-${sastDay(new Date())}.csv`, [EXPORT_COLUMNS], exportRows(db, filter));
}
