import { data, Form } from "react-router";
import { adminMeta } from "#app/components/admin/meta.ts";
import { inputClass, labelClass, ListTable, Notice, Section } from "#app/components/admin/ui.tsx";
import { WeekChart } from "#app/components/admin/week-chart.tsx";
import { roleAllows } from "#app/lib/inbox.ts";
import { buttonClass } from "#app/components/ui/button.ts";
import { adminOf, requireRoleFor } from "#server/admin/guard.ts";
import { leadReport, parseRange } from "#server/attribution/report.ts";
import type { Route } from "./+types/report";

export const meta: Route.MetaFunction = () => adminMeta("Report");

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireRoleFor(context, "read");
  const { problem, ...range } = parseRange(new URL(request.url).searchParams);
  const report = await leadReport(adminOf(context).db, range);
  const canExport = roleAllows(session.user.role, "export");
  return data({ report, problem, query: new URLSearchParams(range).toString(), canExport }, { status: problem ? 400 : 200 });
}

export default function ReportPage({ loaderData }: Route.ComponentProps) {
  const { report, problem, query, canExport } = loaderData;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Report</h1>
        {canExport && (
          <div className="flex flex-wrap gap-2">
            <a href={`/admin/report.csv?${query}`} download className={buttonClass({ variant: "secondary", size: "sm" })}>
              Report CSV
            </a>
            <a href="/admin/conversions/google-ads-clicks.csv" download className={buttonClass({ variant: "secondary", size: "sm" })}>
              Google Ads click conversions
            </a>
            <a href="/admin/conversions/google-ads-leads.csv" download className={buttonClass({ variant: "secondary", size: "sm" })}>
              Google Ads enhanced conversions
            </a>
            <a href="/admin/conversions/google-ads-adjustments.csv" download className={buttonClass({ variant: "secondary", size: "sm" })}>
              Google Ads no-show adjustments
            </a>
          </div>
        )}
      </div>
      <Form
        method="get"
        aria-label="Report range"
        className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3"
      >
        <div>
          <label htmlFor="report-from" className={labelClass}>
            From
          </label>
          <input id="report-from" name="from" type="date" required defaultValue={report.range.from} className={`${inputClass} mt-1`} />
        </div>
        <div>
          <label htmlFor="report-to" className={labelClass}>
            To
          </label>
          <input id="report-to" name="to" type="date" required defaultValue={report.range.to} className={`${inputClass} mt-1`} />
        </div>
        <button type="submit" className={buttonClass({ size: "sm" })}>
          Show
        </button>
      </Form>
      {problem && <Notice tone="error">{problem}</Notice>}
      <p className="text-sm text-slate-600">
        {report.total} leads from {report.range.from} to {report.range.to} (SAST), spam left out. A lead counts for its latest campaign
        visit, or else the visit that sent it.
      </p>
      <div className="grid gap-4 xl:grid-cols-2">
        <Section title="By channel" id="report-channel">
          <WeekChart title="Leads per week by channel (source / medium)" weeks={report.weeks} series={report.byChannel} />
        </Section>
        <Section title="By form" id="report-form">
          <WeekChart title="Leads per week by form" weeks={report.weeks} series={report.byForm} />
        </Section>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Section title="Top campaigns" id="report-campaigns">
          <ListTable
            caption="Top campaigns by leads"
            columns={["Campaign", "Source / medium", "Leads"]}
            empty={report.topCampaigns.length ? null : "No lead in this range came from a campaign."}
          >
            {report.topCampaigns.map((c) => (
              <tr key={`${c.campaign} ${c.channel}`}>
                <td className="px-3 py-1.5 break-all">{c.campaign}</td>
                <td className="px-3 py-1.5 break-all">{c.channel}</td>
                <td className="px-3 py-1.5 tabular-nums">{c.leads}</td>
              </tr>
            ))}
          </ListTable>
        </Section>
        <Section title="Top landing pages" id="report-pages">
          <ListTable
            caption="Top landing pages by leads"
            columns={["Landing page", "Leads"]}
            empty={report.topLandingPages.length ? null : "No lead in this range carried its landing page."}
          >
            {report.topLandingPages.map((p) => (
              <tr key={p.page}>
                <td className="px-3 py-1.5 break-all">{p.page}</td>
                <td className="px-3 py-1.5 tabular-nums">{p.leads}</td>
              </tr>
            ))}
          </ListTable>
        </Section>
      </div>
    </div>
  );
}
