import { Form, Link } from "react-router";
import { callOutcomes, statusLabel } from "#app/lib/inbox.ts";
import { addDays } from "#app/lib/sast.ts";
import { adminMeta } from "#app/components/admin/meta.ts";
import { CalendarOutages, CalendarState, FeedPanel, linkClass, WeeksHeader } from "#app/components/admin/calls-calendars.tsx";
import { CsrfField, ListTable, Notice, Section, StatusBadge } from "#app/components/admin/ui.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { WEEKS_SHOWN } from "#server/booking/calls.ts";
import type { Route } from "./+types/calls";
import { callsLoader, callsAction } from "#server/booking/calls-page.server.ts";

export const meta: Route.MetaFunction = () => adminMeta("Calls");

export const loader = (args: Route.LoaderArgs) => callsLoader(args);
export const action = (args: Route.ActionArgs) => callsAction(args);

export default function Calls({ loaderData, actionData }: Route.ComponentProps) {
  const { monday, thisMonday, consultants, canEdit, canFeed, csrf } = loaderData;
  return (
    <div className="space-y-4">
      <WeeksHeader monday={monday} thisMonday={thisMonday} lastDay={addDays(monday, 7 * WEEKS_SHOWN - 1)} />
      <CalendarOutages outages={loaderData.outages} staleMinutes={loaderData.staleMinutes} />
      {loaderData.marked && !actionData && <Notice>The call is marked, and its lead&apos;s status set.</Notice>}
      {loaderData.stopped && !actionData && <Notice>The feed of {loaderData.stopped} is stopped: its address no longer works.</Notice>}
      {actionData?.error && <Notice tone="error">{actionData.error}</Notice>}
      {actionData?.feed && (
        <Notice>
          The new feed address of {actionData.feed.name}, shown only now (the one before no longer works):{" "}
          <code className="break-all" data-testid="feed-address">
            {actionData.feed.address}
          </code>{" "}
          Give it to them alone: whoever has it reads their calls and their bookers&apos; details.
        </Notice>
      )}

      {consultants.map((consultant) => (
        <Section
          key={consultant.id}
          title={consultant.yours ? `${consultant.name} (you)` : consultant.name}
          id={`calls-${consultant.id || "none"}`}
        >
          <div className="space-y-4">
            {consultant.id && (
              <div className="text-sm">
                <h3 className="font-semibold text-ink">Calendars</h3>
                {consultant.calendars.length === 0 ? (
                  <p className="text-slate-600">None: only the calls booked here keep visitors off their time.</p>
                ) : (
                  <ul className="mt-1 space-y-1">
                    {consultant.calendars.map((calendar, index) => (
                      <li key={index}>
                        <span className="font-medium">{calendar.label}</span>: <CalendarState calendar={calendar} />
                      </li>
                    ))}
                  </ul>
                )}
                <p className="mt-1 text-slate-700">
                  {consultant.callsGoTo
                    ? `Calls are written into ${consultant.callsGoTo.calendar ? `the calendar “${consultant.callsGoTo.calendar}”` : "the first calendar the account lists"} of ${consultant.callsGoTo.label}.`
                    : "Calls are written into none of their calendars (no CalDAV account): their private feed can show them."}
                </p>
                {canFeed && (
                  <FeedPanel
                    consultant={consultant}
                    madeAt={loaderData.feeds[consultant.id] ?? null}
                    holds={loaderData.feedHolds}
                    csrf={csrf}
                  />
                )}
              </div>
            )}
            {consultant.days.length === 0 && <p className="text-sm text-slate-600">No calls these two weeks.</p>}
            {consultant.days.map((day) => (
              <div key={day.date}>
                <h3 className="mb-1 text-sm font-semibold text-ink">{day.label}</h3>
                <ListTable
                  caption={`Calls of ${consultant.name} on ${day.label}`}
                  columns={["Time", "Visitor", "Lead status", "Outcome"]}
                  empty={null}
                >
                  {day.calls.map((call) => (
                    <tr key={call.bookingId} className="align-middle">
                      <td className="px-3 py-2 whitespace-nowrap tabular-nums">{call.time}</td>
                      <td className="px-3 py-2">
                        {call.leadId ? (
                          <Link to={`/admin/leads/${call.leadId}`} className={linkClass}>
                            {call.name}
                          </Link>
                        ) : (
                          call.name
                        )}
                        <span className="block text-slate-600">{call.company}</span>
                      </td>
                      <td className="px-3 py-2">
                        {call.leadStatus && <StatusBadge status={call.leadStatus} label={statusLabel(call.leadStatus)} />}
                      </td>
                      <td className="px-3 py-2">
                        <span className="mr-2">
                          {callOutcomes.find((o) => o.key === call.outcome)?.label ?? (call.begun ? "Not marked" : "Coming")}
                        </span>
                        {call.begun && !call.changeable && <span className="text-slate-600">(its day is over)</span>}
                        {canEdit && call.changeable && (
                          <Form method="post" className="inline-flex gap-1">
                            <CsrfField token={csrf} />
                            <input type="hidden" name="intent" value="outcome" />
                            <input type="hidden" name="booking" value={call.bookingId} />
                            <input type="hidden" name="week" value={monday} />
                            {callOutcomes
                              .filter((o) => o.key !== call.outcome)
                              .map((o) => (
                                <button
                                  key={o.key}
                                  type="submit"
                                  name="outcome"
                                  value={o.key}
                                  className={buttonClass({ variant: "secondary", size: "sm" })}
                                >
                                  {o.label}
                                  <span className="sr-only">
                                    : the call of {call.name} at {call.time}
                                  </span>
                                </button>
                              ))}
                          </Form>
                        )}
                      </td>
                    </tr>
                  ))}
                </ListTable>
              </div>
            ))}
          </div>
        </Section>
      ))}
    </div>
  );
}
