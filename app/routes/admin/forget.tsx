import { Form } from "react-router";
import { adminMeta } from "#app/components/admin/meta.ts";
import { CsrfField, inputClass, labelClass, Notice, Section } from "#app/components/admin/ui.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import type { Route } from "./+types/forget";
import { forgetLoader, forgetAction } from "#server/admin/forget-page.server.ts";

const dangerButton =
  "inline-flex items-center justify-center rounded-lg bg-rose-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-rose-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-700";

export const meta: Route.MetaFunction = () => adminMeta("Forget a person");

export const loader = (args: Route.LoaderArgs) => forgetLoader(args);
export const action = (args: Route.ActionArgs) => forgetAction(args);

export default function ForgetPage({ loaderData, actionData }: Route.ComponentProps) {
  const holdings = actionData?.holdings ?? null;
  const nothing = holdings && holdings.leads.length === 0 && holdings.messages === 0 && holdings.subscriptions === 0;
  return (
    <div className="max-w-3xl space-y-4">
      <h1 className="text-2xl font-bold tracking-tight">Forget a person</h1>
      <p className="text-sm text-slate-600">
        For a request under POPIA to delete someone's personal information: look up their email address to see everything the site holds
        about them, then delete it. The audit log keeps only that it happened, how many records, and a hash of the address. Copies of
        notifications already delivered to the agency's mailbox, its CRM (the lead webhook) or Slack are not reached from here: delete those
        there. Backups taken before the deletion still hold them until those backups are deleted
        {loaderData.backupDays === null ? "" : ` (after ${loaderData.backupDays} days)`}.
      </p>
      {loaderData.forgot !== null && !actionData && <Notice>Done: {loaderData.forgot} records deleted.</Notice>}
      {actionData?.error && <Notice tone="error">{actionData.error}</Notice>}

      <Form method="post" className="flex flex-wrap items-end gap-2 rounded-lg border border-slate-200 bg-white p-3">
        <CsrfField token={loaderData.csrf} />
        <input type="hidden" name="intent" value="find" />
        <div className="min-w-64 flex-1">
          <label htmlFor="forget-email" className={labelClass}>
            Email address
          </label>
          <input
            id="forget-email"
            name="email"
            type="email"
            required
            autoComplete="off"
            defaultValue={holdings?.email}
            className={`${inputClass} mt-1`}
          />
        </div>
        <button type="submit" className={buttonClass({ size: "sm" })}>
          Look up
        </button>
      </Form>

      {holdings && (
        <Section title={`Held about ${holdings.email}`} id="holdings">
          {nothing ? (
            <p className="text-sm">Nothing: no lead, booking, subscription or message has this address.</p>
          ) : (
            <div className="space-y-4">
              <div className="overflow-x-auto">
                <table className="min-w-full text-left text-sm">
                  <caption className="sr-only">Leads and bookings with this address</caption>
                  <thead className="text-xs tracking-wide text-slate-600 uppercase">
                    <tr>
                      <th scope="col" className="py-1 pr-3 font-semibold">
                        Form
                      </th>
                      <th scope="col" className="py-1 pr-3 font-semibold">
                        Name
                      </th>
                      <th scope="col" className="py-1 pr-3 font-semibold">
                        Received (SAST)
                      </th>
                      <th scope="col" className="py-1 font-semibold">
                        Stored in
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {holdings.leads.map((lead) => (
                      <tr key={`${lead.table}-${lead.id}`}>
                        <td className="py-1.5 pr-3">{lead.form}</td>
                        <td className="py-1.5 pr-3">{lead.name}</td>
                        <td className="py-1.5 pr-3 tabular-nums">{lead.received}</td>
                        <td className="py-1.5 font-mono text-xs">
                          {lead.table} #{lead.id}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <ul className="list-disc space-y-1 pl-5 text-sm" aria-label="Also held">
                <li>
                  {holdings.messages} outbox message{holdings.messages === 1 ? "" : "s"} (notifications, booking mail, webhooks)
                </li>
                <li>
                  {holdings.notes} internal note{holdings.notes === 1 ? "" : "s"}
                </li>
                {holdings.subscriptions > 0 && <li>Their newsletter subscription, with its proof of consent</li>}
                {holdings.mailFiles > 0 && (
                  <li>
                    {holdings.mailFiles} .eml file{holdings.mailFiles === 1 ? "" : "s"} in the server's mail folder
                  </li>
                )}
              </ul>
              <Form method="post" className="space-y-3 border-t border-slate-200 pt-4">
                <CsrfField token={loaderData.csrf} />
                <input type="hidden" name="intent" value="forget" />
                <input type="hidden" name="email" value={holdings.email} />
                <div className="flex items-start gap-2 text-sm">
                  <input
                    id="forget-confirm"
                    name="confirm"
                    type="checkbox"
                    value="yes"
                    required
                    className="mt-0.5 size-4 accent-rose-700"
                  />
                  <label htmlFor="forget-confirm">I confirm: delete everything listed above. This cannot be undone.</label>
                </div>
                <button type="submit" className={dangerButton}>
                  Forget this person
                </button>
              </Form>
            </div>
          )}
        </Section>
      )}
    </div>
  );
}
