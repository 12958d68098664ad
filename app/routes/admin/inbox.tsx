import { data, Form, Link } from "react-router";
import { leadFormTypes } from "#app/forms/registry.ts";
import { leadStatuses, roleAllows, SEARCH_MAX_LENGTH } from "#app/lib/inbox.ts";
import { adminMeta } from "#app/components/admin/meta.ts";
import { inputClass, labelClass, ListTable, Notice, StatusBadge } from "#app/components/admin/ui.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { describeFilter, recordAudit } from "#server/admin/audit.ts";
import { actorOf, adminOf, requireRoleFor } from "#server/admin/guard.ts";
import { decodeCursor, filterQuery, parseFilter, searchProblem } from "#server/admin/filter.ts";
import { listLeads } from "#server/admin/lead-list.ts";
import type { Route } from "./+types/inbox";

export const meta: Route.MetaFunction = () => adminMeta("Leads");

export async function loader({ request, context }: Route.LoaderArgs) {
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
  // Each search is logged once, at its first page.
  if (query && !paged)
    await recordAudit(db, actorOf(session), { action: "search", detail: `searched the leads: ${describeFilter(filter, forgetKey)}` });
  const page = await listLeads(db, filter, { older: decodeCursor(params.get("older")), newer: decodeCursor(params.get("newer")) });
  return { filter, query, page, paged, problem: null, canExport };
}

/** The channel filters: exact values, as the list's Source / medium column shows them. */
const channelFilters = [
  { name: "source", label: "Source", hint: "google" },
  { name: "medium", label: "Medium", hint: "cpc" },
  { name: "campaign", label: "Campaign", hint: "brand" },
] as const;

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

      {/* Keyed by the filter, so its fields show the filter after a link (Clear, a page) changes it. */}
      <Form
        key={query}
        method="get"
        role="search"
        aria-label="Filter leads"
        className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-4"
      >
        <div>
          <label htmlFor="filter-q" className={labelClass}>
            Search
          </label>
          <input
            id="filter-q"
            name="q"
            type="search"
            maxLength={SEARCH_MAX_LENGTH}
            defaultValue={filter.q}
            placeholder="Name, email, company or website"
            className={`${inputClass} mt-1`}
          />
        </div>
        <div>
          <label htmlFor="filter-type" className={labelClass}>
            Form
          </label>
          <select id="filter-type" name="type" defaultValue={filter.type} className={`${inputClass} mt-1`}>
            <option value="">All forms</option>
            {leadFormTypes.map((t) => (
              <option key={t.key} value={t.key}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-status" className={labelClass}>
            Status
          </label>
          <select id="filter-status" name="status" defaultValue={filter.status} className={`${inputClass} mt-1`}>
            <option value="">All statuses</option>
            {leadStatuses.map((s) => (
              <option key={s.key} value={s.key}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-from" className={labelClass}>
            Received from
          </label>
          <input id="filter-from" name="from" type="date" defaultValue={filter.from} className={`${inputClass} mt-1`} />
        </div>
        <div>
          <label htmlFor="filter-to" className={labelClass}>
            Received to
          </label>
          <input id="filter-to" name="to" type="date" defaultValue={filter.to} className={`${inputClass} mt-1`} />
        </div>
        {channelFilters.map(({ name, label, hint }) => (
          <div key={name}>
            <label htmlFor={`filter-${name}`} className={labelClass}>
              {label}
            </label>
            <input
              id={`filter-${name}`}
              name={name}
              type="text"
              maxLength={150}
              defaultValue={filter[name]}
              placeholder={hint}
              className={`${inputClass} mt-1`}
            />
          </div>
        ))}
        <div className="flex items-end gap-2">
          <button type="submit" className={buttonClass({ size: "sm" })}>
            Apply
          </button>
          {filtered && (
            <Link to="/admin" className={buttonClass({ variant: "ghost", size: "sm" })}>
              Clear
            </Link>
          )}
        </div>
      </Form>

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
