import { sastDay } from "~/lib/sast";
import { csvDownload } from "../../../server/admin/csv";
import { adminOf, requireSession } from "../../../server/admin/guard";
import { leadReport, parseRange, reportRows } from "../../../server/attribution/report";
import type { Route } from "./+types/report-csv";

// The report page's figures as CSV, for the same range.
export async function loader({ request, context }: Route.LoaderArgs) {
  requireSession(context);
  const { problem, ...range } = parseRange(new URL(request.url).searchParams);
  if (problem) return new Response(problem, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const report = await leadReport(adminOf(context).db, range);
  return csvDownload(`lead-report-${range.from}-to-${range.to}-${sastDay(new Date())}.csv`, reportRows(report));
}
