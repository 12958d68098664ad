import { formatSast } from "#app/lib/sast.ts";
import { cn } from "#app/lib/cn.ts";
import { adminMeta } from "#app/components/admin/meta.ts";
import { FieldList, ListTable, Notice, Section } from "#app/components/admin/ui.tsx";
import { requireRoleFor } from "#server/admin/guard.ts";
import type { PartState } from "#server/ops/parts.ts";
import { systemReport } from "#server/ops/system.ts";
import { servicesOf } from "#server/services.ts";
import type { Route } from "./+types/system";

export const meta: Route.MetaFunction = () => adminMeta("System");

export async function loader({ context }: Route.LoaderArgs) {
  requireRoleFor(context, "system");
  const services = servicesOf(context);
  return systemReport(services.ops, services.settings.HEALTH_CHECK_SECONDS);
}

const states: Record<PartState, { label: string; tone: string }> = {
  ok: { label: "Works", tone: "bg-emerald-50 text-emerald-800 ring-emerald-200" },
  failing: { label: "Failing", tone: "bg-rose-50 text-rose-800 ring-rose-300" },
  off: { label: "Not set up", tone: "bg-slate-100 text-slate-700 ring-slate-300" },
  unknown: { label: "Not known yet", tone: "bg-amber-50 text-amber-900 ring-amber-200" },
};

const when = (iso: string | null) => (iso ? formatSast(iso) : "");

export default function SystemPage({ loaderData }: Route.ComponentProps) {
  const { parts, instance, everySeconds } = loaderData;
  const failing = parts.filter((part) => part.state === "failing");
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold tracking-tight">System</h1>
      <p className="max-w-3xl text-sm text-slate-600">
        How the parts of the site that work in the background stand, as the site last checked them (every{" "}
        {everySeconds === 1 ? "second" : `${everySeconds} seconds`}). When one fails for long, the admins get one mail, and one more when it
        works again; a mail about the mail server itself leaves once the server takes mail again, so this page says it meanwhile.
      </p>
      {failing.length ? (
        <Notice tone="error">
          {failing.length === 1 ? "One part is failing" : `${failing.length} parts are failing`}:{" "}
          {failing.map((part) => part.name).join(", ")}.
        </Notice>
      ) : (
        <Notice>Every part works, or is not set up here.</Notice>
      )}
      <ListTable
        caption="The parts of the site and how they stand"
        columns={["Part", "State", "Since (SAST)", "What the site says"]}
        empty={null}
      >
        {parts.map((part) => (
          <tr key={part.key} className={cn(part.state === "failing" && "bg-rose-50/40")}>
            <th scope="row" className="px-3 py-2 align-top font-medium whitespace-nowrap">
              {part.name}
            </th>
            <td className="px-3 py-2 align-top">
              <span
                className={cn(
                  "inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
                  states[part.state].tone,
                )}
              >
                {states[part.state].label}
              </span>
            </td>
            <td className="px-3 py-2 align-top whitespace-nowrap tabular-nums text-slate-600">
              {part.since && part.state !== "off" && <time dateTime={part.since}>{when(part.since)}</time>}
            </td>
            <td className="px-3 py-2 align-top">
              <p>{part.words}</p>
              {part.state === "failing" && (
                <p className="mt-1 text-xs text-slate-600">
                  {!part.alertedAt
                    ? "The admins are told if it goes on failing."
                    : part.carriesAlerts
                      ? `The admins' alert was queued at ${when(part.alertedAt)}: it leaves once the mail server takes mail again.`
                      : `The admins were mailed at ${when(part.alertedAt)}.`}
                </p>
              )}
              {part.checkedAt && <p className="mt-1 text-xs text-slate-500">Checked at {when(part.checkedAt)}.</p>}
            </td>
          </tr>
        ))}
      </ListTable>
      <Section title="This instance" id="instance">
        <FieldList
          items={[
            { label: "Build", value: instance.version },
            { label: "Node", value: instance.node },
            { label: "Host", value: instance.host },
            { label: "Running since", value: `${when(instance.startedAt)} SAST` },
          ]}
        />
      </Section>
    </div>
  );
}
