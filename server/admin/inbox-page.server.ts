import { data } from "react-router";
import { roleAllows } from "#app/lib/inbox.ts";
import { recordAudit } from "#server/audit/audit.ts";
import { describeFilter } from "#server/admin/filter.ts";
import { type AdminRouteArgs, actorOf, adminOf, requireRoleFor } from "#server/admin/guard.ts";
import { decodeCursor, filterQuery, parseFilter, searchProblem } from "#server/admin/filter.ts";
import { listLeads } from "#server/admin/lead-list.ts";

export async function inboxLoader({ request, context }: AdminRouteArgs) {
  const session = requireRoleFor(context, "read");
  const canExport = roleAllows(session.user.role, "export");
  const params = new URL(request.url).searchParams;
  const filter = parseFilter(params);
  const query = filterQuery(filter);
  const problem = searchProblem(filter);
  const empty = { leads: [], older: null, newer: null };
  if (problem) return data({ filter, query, page: empty, paged: false, problem, canExport }, { status: 400 });
  const { db, forgetKey } = adminOf(context);
  const paged = params.has("older") || params.has("newer");
  if (query && !paged)
    await recordAudit(db, actorOf(session), { action: "search", detail: `searched the leads: ${describeFilter(filter, forgetKey)}` });
  const page = await listLeads(db, filter, { older: decodeCursor(params.get("older")), newer: decodeCursor(params.get("newer")) });
  return { filter, query, page, paged, problem: null, canExport };
}
