import { sastDay } from "~/lib/sast";
import { describeFilter, recordAudit } from "../../../server/admin/audit";
import { csvDownload } from "../../../server/admin/csv";
import { actorOf, adminOf, requireRoleFor } from "../../../server/admin/guard";
import { EXPORT_COLUMNS, exportRows, parseFilter, searchProblem } from "../../../server/admin/inbox";
import type { Route } from "./+types/export";

// The inbox's current filter as CSV, streamed page by page (server/admin/inbox.ts exportRows).
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
