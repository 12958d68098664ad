import { Link } from "react-router";
import { adminMeta } from "#app/components/admin/meta.ts";
import { LeadFilterForm } from "#app/components/admin/lead-filter.tsx";
import { ListTable, Notice, StatusBadge } from "#app/components/admin/ui.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import type { Route } from "./+types/inbox";
import { inboxLoader } from "#server/admin/inbox-page.server.ts";

export const meta: Route.MetaFunction = () => adminMeta("Leads");

export const loader = (args: Route.LoaderArgs) => inboxLoader(args);

function pageLink(query: string, key: "older" | "newer", cursor: string): string {
  const params = new URLSearchParams(query);
  params.set(key, cursor);
  return `/admin?${params}`;
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { filter, query, page, paged, problem, canExport } = loaderData;
  const filtered = query !== "";
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Leads</h1>
        {canExport && (
          <a href={`/admin/export.csv${query ? `?${query}` : ""}`} download className={buttonClass({ variant: "secondary", size: "sm" })}>
            Export CSV{filtered ? " of this filter" : ""}
          </a>
        )}
      </div>

      <LeadFilterForm query={query} filter={filter} />

      {problem && <Notice tone="error">{problem}</Notice>}
      <ListTable
        caption={`Leads, newest first${filtered ? ", filtered" : ""}`}
        columns={["Received (SAST)", "Form", "Name", "Email", "Company", "Source / medium", "Campaign", "Status"]}
        empty={page.leads.length > 0 ? null : filtered ? "No leads match these filters." : "No leads yet."}
      >
        {page.leads.map((lead) => (
          <tr key={lead.id} className="hover:bg-slate-50">
            <td className="px-3 py-1.5 whitespace-nowrap text-slate-600 tabular-nums">
              <time dateTime={lead.receivedAt}>{lead.received}</time>
            </td>
            <td className="px-3 py-1.5 whitespace-nowrap">{lead.formLabel}</td>
            <td className="px-3 py-1.5 whitespace-nowrap">
              <Link to={`/admin/leads/${lead.id}`} className="font-medium text-brand-700 hover:underline">
                {lead.name}
              </Link>
            </td>
            <td className="px-3 py-1.5 break-all">{lead.email}</td>
            <td className="px-3 py-1.5">{lead.company}</td>
            <td className="px-3 py-1.5 break-all">{lead.channel}</td>
            <td className="px-3 py-1.5 break-all">{lead.campaign}</td>
            <td className="px-3 py-1.5">
              <StatusBadge status={lead.status} label={lead.statusLabel} />
            </td>
          </tr>
        ))}
      </ListTable>

      {(page.older || page.newer || paged) && (
        <nav aria-label="Pages of leads" className="flex items-center justify-between gap-2 text-sm">
          <div className="flex gap-2">
            {paged && (
              <Link to={`/admin${query ? `?${query}` : ""}`} className={buttonClass({ variant: "ghost", size: "sm" })}>
                Newest
              </Link>
            )}
            {page.newer && (
              <Link to={pageLink(query, "newer", page.newer)} className={buttonClass({ variant: "secondary", size: "sm" })}>
                Newer
              </Link>
            )}
          </div>
          {page.older && (
            <Link to={pageLink(query, "older", page.older)} className={buttonClass({ variant: "secondary", size: "sm" })}>
              Older
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
