import { data, Form, Link, redirect } from "react-router";
import { callOutcomes, roleAllows, statusLabel } from "#app/lib/inbox.ts";
import { addDays, formatSast, sastInstant, sastLongDay } from "#app/lib/sast.ts";
import { z } from "#app/lib/zod.ts";
import { adminMeta } from "#app/components/admin/meta.ts";
import { CsrfField, ListTable, Notice, Section, StatusBadge } from "#app/components/admin/ui.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { recordAudit } from "#server/admin/audit.ts";
import { actorOf, adminOf, requireRoleFor } from "#server/admin/guard.ts";
import { keysOf, posted, readPost } from "#server/admin/posts.ts";
import { consultantsWithFeeds, newFeedAddress } from "#server/booking/calendar-feed.ts";
import { type CalendarHealth, callWeeks, markCall, WEEKS_SHOWN, weekParam } from "#server/booking/calls.ts";
import { servicesOf } from "#server/services.ts";
import type { Route } from "./+types/calls";

export const meta: Route.MetaFunction = () => adminMeta("Calls");

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireRoleFor(context, "read");
  const { db } = adminOf(context);
  const now = new Date();
  const params = new URL(request.url).searchParams;
  const monday = weekParam(params.get("week"), now);
  const consultants = await callWeeks(db, servicesOf(context).booking.consultants, monday, now, session.user.email);
  const canFeed = roleAllows(session.user.role, "calendar-feeds");
  return {
    monday,
    thisMonday: weekParam(null, now),
    consultants,
    withFeeds: canFeed ? [...(await consultantsWithFeeds(db))] : [],
    canEdit: roleAllows(session.user.role, "edit"),
    canFeed,
    csrf: session.csrfToken,
    marked: params.has("marked"),
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
    return redirect(`/admin/calls?week=${weekParam(asked.week, new Date())}&marked=1`, { status: 303 });
  }
  requireRoleFor(context, "calendar-feeds");
  const consultant = servicesOf(context).booking.consultants.find((c) => c.id === asked.consultant);
  if (!consultant) return data({ error: "There is no such consultant.", feed: null }, { status: 400 });
  const address = await newFeedAddress(db, consultant.id, settings.SITE_URL);
  await recordAudit(db, actor, { action: "calendar feed", detail: `made a new calendar feed address for ${consultant.name}` });
  // Shown in this answer only: the database keeps its hash.
  return { error: null, feed: { name: consultant.name, address } };
}

function CalendarState({ calendar }: { calendar: CalendarHealth }) {
  if (calendar.failingSince) {
    return (
      <span className="text-rose-800">
        cannot be read since {formatSast(calendar.failingSince)} SAST{calendar.error && `: ${calendar.error}`};{" "}
        {calendar.okAt ? `the busy times read ${formatSast(calendar.okAt)} stand` : "no busy times were ever read from it"}
      </span>
    );
  }
  if (calendar.okAt) return <span className="text-slate-700">read {formatSast(calendar.okAt)} SAST</span>;
  return <span className="text-slate-600">not read yet</span>;
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
      {loaderData.marked && !actionData && <Notice>The call is marked, and its lead&apos;s status set.</Notice>}
      {actionData?.error && <Notice tone="error">{actionData.error}</Notice>}
      {actionData?.feed && (
        <Notice>
          The new feed address of {actionData.feed.name}, shown only now (the one before no longer works):{" "}
          <code className="break-all" data-testid="feed-address">
            {actionData.feed.address}
          </code>
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
                {canFeed && (
                  <Form method="post" className="mt-2 flex flex-wrap items-center gap-3">
                    <CsrfField token={csrf} />
                    <input type="hidden" name="intent" value="new-feed" />
                    <input type="hidden" name="consultant" value={consultant.id} />
                    <span className="text-slate-600">
                      {loaderData.withFeeds.includes(consultant.id)
                        ? "Has a private feed of their calls."
                        : "No private feed of their calls yet."}
                    </span>
                    <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })}>
                      New feed address<span className="sr-only"> for {consultant.name}</span>
                    </button>
                  </Form>
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
                        {canEdit && call.begun && (
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
