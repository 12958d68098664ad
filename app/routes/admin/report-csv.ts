import { sastDay } from "#app/lib/sast.ts";
import { recordAudit } from "#server/audit/audit.ts";
import { csvDownload } from "#server/admin/csv.ts";
import { actorOf, adminOf, requireRoleFor } from "#server/admin/guard.ts";
import { leadReport, parseRange, reportRows } from "#server/attribution/report.ts";
import type { Route } from "./+types/report-csv";

// The report page's figures as CSV, for the same range.
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireRoleFor(context, "export");
  const { problem, ...range } = parseRange(new URL(request.url).searchParams);
  if (problem) return new Response(problem, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const { db } = adminOf(context);
  const report = await leadReport(db, range);
  await recordAudit(db, actorOf(session), { action: "export", detail: `exported the lead report from ${range.from} to ${range.to}` });
  return csvDownload(`lead-report-${range.from}-to-${range.to}-${sastDay(new Date())}.csv`, reportRows(report));
}
