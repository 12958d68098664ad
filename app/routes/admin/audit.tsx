import { Link } from "react-router";
import { formatSast } from "#app/lib/sast.ts";
import { adminMeta } from "#app/components/admin/meta.ts";
import { ListTable } from "#app/components/admin/ui.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { listAudit } from "#server/audit/audit.ts";
import { adminOf, requireRoleFor } from "#server/admin/guard.ts";
import type { Route } from "./+types/audit";

const AUDIT_PAGE_SIZE = 100;

export const meta: Route.MetaFunction = () => adminMeta("Audit log");

export async function loader({ request, context }: Route.LoaderArgs) {
  requireRoleFor(context, "audit");
  const before = Number(new URL(request.url).searchParams.get("before"));
  const entries = await listAudit(
    adminOf(context).db,
    AUDIT_PAGE_SIZE + 1,
    Number.isSafeInteger(before) && before > 0 ? before : undefined,
  );
  return {
    entries: entries.slice(0, AUDIT_PAGE_SIZE).map((e) => ({ ...e, at: e.at.toISOString(), when: formatSast(e.at) })),
    older: entries.length > AUDIT_PAGE_SIZE ? entries[AUDIT_PAGE_SIZE - 1]!.id : null,
  };
}

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold tracking-tight">Audit log</h1>
      <p className="text-sm text-slate-600">
        Who signed in (or failed to), viewed, searched, changed, exported or forgot what, newest first. Search terms and forgotten addresses
        appear only as a hash.
      </p>
      <ListTable
        caption="Audit log, newest first"
        columns={["When (SAST)", "Who", "What", "Lead"]}
        empty={loaderData.entries.length === 0 ? "Nothing yet." : null}
      >
        {loaderData.entries.map((entry) => (
          <tr key={entry.id}>
            <td className="px-3 py-1.5 whitespace-nowrap tabular-nums text-slate-600">
              <time dateTime={entry.at}>{entry.when}</time>
            </td>
            <td className="px-3 py-1.5 break-all">{entry.actor}</td>
            <td className="px-3 py-1.5">{entry.detail}</td>
            <td className="px-3 py-1.5">
              {entry.leadId !== null && (
                <Link to={`/admin/leads/${entry.leadId}`} className="text-brand-700 hover:underline">
                  #{entry.leadId}
                </Link>
              )}
            </td>
          </tr>
        ))}
      </ListTable>
      {loaderData.older !== null && (
        <nav aria-label="Pages of the audit log" className="flex justify-end">
          <Link to={`/admin/audit?before=${loaderData.older}`} className={buttonClass({ variant: "secondary", size: "sm" })}>
            Older
          </Link>
        </nav>
      )}
    </div>
  );
}
