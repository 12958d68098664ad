import { data, Form, Link, redirect } from "react-router";
import { callOutcomes, roleAllows, statusLabel } from "#app/lib/inbox.ts";
import { addDays, sastInstant, sastLongDay } from "#app/lib/sast.ts";
import { z } from "#app/lib/zod.ts";
import { adminMeta } from "#app/components/admin/meta.ts";
import { CalendarOutages, CalendarState, FeedPanel } from "#app/components/admin/calls-calendars.tsx";
import { CsrfField, ListTable, Notice, Section, StatusBadge } from "#app/components/admin/ui.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { recordAudit } from "#server/admin/audit.ts";
import { actorOf, adminOf, requireRoleFor } from "#server/admin/guard.ts";
import { keysOf, posted, readPost } from "#server/admin/posts.ts";
import { FEED_HOLDS, feedsMadeAt, newFeedAddress, stopFeed } from "#server/booking/calendar-feed.ts";
import { callWeeks, markCall, WEEKS_SHOWN, weekParam } from "#server/booking/calls.ts";
import { servicesOf } from "#server/services.ts";
import type { Route } from "./+types/calls";

export const meta: Route.MetaFunction = () => adminMeta("Calls");

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireRoleFor(context, "read");
  const { db } = adminOf(context);
  const now = new Date();
  const params = new URL(request.url).searchParams;
  const monday = weekParam(params.get("week"), now);
  const { booking, settings } = servicesOf(context);
  const consultants = await callWeeks(db, booking.consultants, monday, now, session.user.email);
  const outages = await booking.calendars.outages.current(now);
  const canFeed = roleAllows(session.user.role, "calendar-feeds");
  return {
    monday,
    thisMonday: weekParam(null, now),
    consultants,
    outages: outages.map((outage) => ({ name: outage.consultant.name, since: outage.since, calendars: outage.calendars })),
    staleMinutes: settings.CALENDAR_STALE_MINUTES,
    feeds: canFeed ? Object.fromEntries(await feedsMadeAt(db)) : {},
    feedHolds: FEED_HOLDS,
    canEdit: roleAllows(session.user.role, "edit"),
    canFeed,
    canExport: roleAllows(session.user.role, "export"),
    csrf: session.csrfToken,
    marked: params.has("marked"),
    stopped: params.get("stopped"),
  };
}

/** The page's two forms, told apart by their intent. */
const callsPost = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("outcome"),
      booking: z.pipe(posted, z.transform(Number)).check(z.refine(Number.isSafeInteger, "That form could not be read.")),
      outcome: z.enum(keysOf(callOutcomes), { error: "Choose held or no-show." }),
      week: posted,
    }),
    z.object({ intent: z.literal("new-feed"), consultant: posted }),
    z.object({ intent: z.literal("stop-feed"), consultant: posted }),
  ],
  { error: "Unknown action." },
);

export async function action({ request, context }: Route.ActionArgs) {
  // The role first, as every inbox action: marking is a lead change; a feed address is an admin's, checked below.
  const actor = actorOf(requireRoleFor(context, "edit"));
  const post = await readPost(request, callsPost);
  if (!post.ok) return data({ error: post.error, feed: null }, { status: post.status });
  const { db, settings } = adminOf(context);
  const asked = post.data;
  if (asked.intent === "outcome") {
    const result = await markCall(db, actor, asked.booking, asked.outcome);
    if (result === "no-call") return data({ error: "That call was cancelled or is gone.", feed: null }, { status: 409 });
    if (result === "not-begun") return data({ error: "A call can be marked once it has begun.", feed: null }, { status: 409 });
    if (result === "day-over") {
      const error =
        "A call's outcome can be set or changed until the end of its day (SAST); that call's day is over, so its outcome stands.";
      return data({ error, feed: null }, { status: 409 });
    }
    return redirect(`/admin/calls?week=${weekParam(asked.week, new Date())}&marked=1`, { status: 303 });
  }
  requireRoleFor(context, "calendar-feeds");
  const consultant = servicesOf(context).booking.consultants.find((c) => c.id === asked.consultant);
  if (!consultant) return data({ error: "There is no such consultant.", feed: null }, { status: 400 });
  if (asked.intent === "stop-feed") {
    if (await stopFeed(db, consultant.id))
      await recordAudit(db, actor, { action: "calendar feed", detail: `stopped the calendar feed of ${consultant.name}` });
    return redirect(`/admin/calls?stopped=${encodeURIComponent(consultant.name)}`, { status: 303 });
  }
  const address = await newFeedAddress(db, consultant.id, settings.SITE_URL);
  await recordAudit(db, actor, { action: "calendar feed", detail: `made a new calendar feed address for ${consultant.name}` });
  // Shown in this answer only: the database keeps its hash.
  return { error: null, feed: { name: consultant.name, address } };
}

const weekLink = (monday: string) => `/admin/calls?week=${monday}`;
const linkClass = "font-medium text-brand-700 hover:underline";

export default function Calls({ loaderData, actionData }: Route.ComponentProps) {
  const { monday, thisMonday, consultants, canEdit, canFeed, csrf } = loaderData;
  const lastDay = addDays(monday, 7 * WEEKS_SHOWN - 1);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Calls</h1>
          <p className="text-sm text-slate-600">
            {sastLongDay(sastInstant(monday, 720))} to {sastLongDay(sastInstant(lastDay, 720))}, times in SAST
          </p>
        </div>
        <nav aria-label="Weeks" className="flex gap-3 text-sm">
          <Link to={weekLink(addDays(monday, -7))} className={linkClass}>
            ← Previous week
          </Link>
          {monday !== thisMonday && (
            <Link to={weekLink(thisMonday)} className={linkClass}>
              This week
            </Link>
          )}
          <Link to={weekLink(addDays(monday, 7))} className={linkClass}>
            Next week →
          </Link>
        </nav>
      </div>
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
