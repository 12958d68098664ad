import { Link } from "react-router";
import { adminMeta } from "#app/components/admin/meta.ts";
import { ListTable, StatusBadge } from "#app/components/admin/ui.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { subscriberStatusLabels } from "#app/content/newsletter.ts";
import { newsletterConsent, newsletterRules } from "#app/forms/newsletter.ts";
import { cn } from "#app/lib/cn.ts";
import { roleAllows } from "#app/lib/inbox.ts";
import { requireRoleFor } from "#server/admin/guard.ts";
import { isSubscriberStatus, SUBSCRIBERS_PAGE_SIZE, subscriberCounts, subscriberRow, subscribersPage } from "#server/newsletter/inbox.ts";
import { servicesOf } from "#server/services.ts";
import type { Route } from "./+types/newsletter";

export const meta: Route.MetaFunction = () => adminMeta("Newsletter");

const statusTones = { confirmed: "won", pending: "contacted", left: "lost" } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireRoleFor(context, "read");
  const { db } = servicesOf(context).database;
  const params = new URL(request.url).searchParams;
  const wanted = params.get("status") ?? "";
  const status = isSubscriberStatus(wanted) ? wanted : "";
  const before = Number(params.get("before"));
  const rows = await subscribersPage(
    db,
    status,
    SUBSCRIBERS_PAGE_SIZE + 1,
    Number.isSafeInteger(before) && before > 0 ? before : undefined,
  );
  return {
    status,
    counts: await subscriberCounts(db),
    subscribers: rows.slice(0, SUBSCRIBERS_PAGE_SIZE).map(subscriberRow),
    older: rows.length > SUBSCRIBERS_PAGE_SIZE ? rows[SUBSCRIBERS_PAGE_SIZE - 1]!.id : null,
    canExport: roleAllows(session.user.role, "export"),
  };
}

export default function NewsletterPage({ loaderData }: Route.ComponentProps) {
  const { status, counts, subscribers, older, canExport } = loaderData;
  const tabs = [
    { key: "", label: "All", count: counts.confirmed + counts.pending + counts.left },
    ...(["confirmed", "pending", "left"] as const).map((key) => ({ key, label: subscriberStatusLabels[key], count: counts[key] })),
  ];
  const query = (extra: Record<string, string | number>) => {
    const params = new URLSearchParams(status ? { status } : {});
    for (const [key, value] of Object.entries(extra)) params.set(key, String(value));
    return params.size ? `/admin/newsletter?${params}` : "/admin/newsletter";
  };
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Newsletter</h1>
        {canExport && (
          <a href="/admin/newsletter/export.csv" download className={buttonClass({ variant: "secondary", size: "sm" })}>
            Export confirmed subscribers (CSV)
          </a>
        )}
      </div>
      <p className="max-w-3xl text-sm text-slate-600">
        Only confirmed subscribers may be mailed: they signed up and then confirmed from the link mailed to them. Pending signups not
        confirmed within {newsletterRules.confirmDays} days are deleted. Those who left stay listed so they are not mailed again. The export
        holds each confirmed subscriber's proof of consent and the unsubscribe link every mail to them must carry (as its List-Unsubscribe
        header too). They agreed to: "{newsletterConsent}"
      </p>
      <nav aria-label="Subscribers by status">
        <ul className="flex flex-wrap gap-1">
          {tabs.map((tab) => (
            <li key={tab.key}>
              <Link
                to={tab.key ? `/admin/newsletter?status=${tab.key}` : "/admin/newsletter"}
                aria-current={tab.key === status ? "page" : undefined}
                className={cn(
                  "block rounded-md px-3 py-1.5 text-sm font-medium",
                  tab.key === status ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-ink",
                )}
              >
                {tab.label} <span className="tabular-nums">({tab.count})</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ListTable
        caption="Newsletter subscribers, newest first"
        columns={["Signed up (SAST)", "Email", "Status", "Signed up on", "Confirmed (SAST)", "Left (SAST)"]}
        empty={subscribers.length === 0 ? "No subscribers here yet." : null}
      >
        {subscribers.map((subscriber) => (
          <tr key={subscriber.id}>
            <td className="px-3 py-1.5 whitespace-nowrap tabular-nums text-slate-600">
              <time dateTime={subscriber.signedUpAt}>{subscriber.signedUp}</time>
            </td>
            <td className="px-3 py-1.5 break-all">{subscriber.email}</td>
            <td className="px-3 py-1.5">
              <StatusBadge status={statusTones[subscriber.status]} label={subscriber.statusLabel} />
            </td>
            <td className="px-3 py-1.5 font-mono text-xs">{subscriber.page}</td>
            <td className="px-3 py-1.5 whitespace-nowrap tabular-nums">{subscriber.confirmed}</td>
            <td className="px-3 py-1.5 whitespace-nowrap tabular-nums">{subscriber.left}</td>
          </tr>
        ))}
      </ListTable>
      {older !== null && (
        <nav aria-label="Pages of subscribers" className="flex justify-end">
          <Link to={query({ before: older })} className={buttonClass({ variant: "secondary", size: "sm" })}>
            Older
          </Link>
        </nav>
      )}
    </div>
  );
}
