import { Form, Link } from "react-router";
import { addDays, formatSast, sastInstant, sastLongDay } from "#app/lib/sast.ts";
import { CsrfField } from "#app/components/admin/ui.tsx";
import { buttonClass } from "#app/components/ui/button.ts";

/** The calls page's words about the consultants' calendars (app/routes/admin/calls.tsx): their health, outages and feeds. */

interface CalendarRead {
  /** Kind and host only: "CalDAV at dav.example.com". */
  label: string;
  okAt: Date | null;
  failingSince: Date | null;
  /** Why its last read failed, in the agency's words. */
  error: string | null;
}

export function CalendarState({ calendar }: { calendar: CalendarRead }) {
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

export interface OutageView {
  name: string;
  since: Date | null;
  calendars: CalendarRead[];
}

/** At the top of the page: the consultants visitors cannot book, because a calendar of theirs is not read. */
export function CalendarOutages({ outages, staleMinutes }: { outages: OutageView[]; staleMinutes: number }) {
  if (!outages.length) return null;
  return (
    <section aria-labelledby="calendar-outages" className="rounded-lg border border-rose-300 bg-rose-50 p-4 text-sm text-rose-950">
      <h2 id="calendar-outages" className="font-semibold">
        Offered for no call: a calendar of theirs cannot be read
      </h2>
      <ul className="mt-2 space-y-2">
        {outages.map((outage) => (
          <li key={outage.name}>
            <p>
              Visitors are offered no time with <strong>{outage.name}</strong>
              {outage.since && ` since ${formatSast(outage.since)} SAST`}: /calendar leaves them out rather than let a visitor book over a
              meeting it cannot see.
            </p>
            <ul className="mt-1 list-disc pl-5">
              {outage.calendars.map((calendar, index) => (
                <li key={index}>
                  <span className="font-medium">{calendar.label}</span>: <CalendarState calendar={calendar} />
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <p className="mt-2">
        Their free time is offered again once every calendar of theirs is read. A calendar counts as read for {staleMinutes} minutes after
        its last good read (CALENDAR_STALE_MINUTES); the admins are mailed when this starts and when it ends.
      </p>
    </section>
  );
}

/** A consultant's private feed: what it shows and to whom, when its address was made, and the buttons that replace or stop it. */
export function FeedPanel({
  consultant,
  madeAt,
  holds,
  csrf,
}: {
  consultant: { id: string; name: string };
  madeAt: Date | null;
  holds: string;
  csrf: string;
}) {
  return (
    <div className="mt-3 space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3">
      <h3 className="font-semibold text-ink">Private feed of their calls</h3>
      <p className="text-slate-700">
        A secret address their calendar app subscribes to (Google Calendar, Outlook, Apple Calendar) when their calls are not written into a
        CalDAV calendar. It lists {holds}. Whoever has the address reads it, without signing in, and so does the calendar service it is
        added to; it does not expire. Make a new one whenever it may have gone further (a lost phone, someone leaving, a calendar shared):
        the old one stops at once.
      </p>
      <Form method="post" className="flex flex-wrap items-center gap-3">
        <CsrfField token={csrf} />
        <input type="hidden" name="consultant" value={consultant.id} />
        <span className="text-slate-600" data-testid={`feed-state-${consultant.id}`}>
          {madeAt ? `Their address was made ${formatSast(madeAt)} SAST.` : "No feed address yet."}
        </span>
        <button type="submit" name="intent" value="new-feed" className={buttonClass({ variant: "secondary", size: "sm" })}>
          New feed address<span className="sr-only"> for {consultant.name}</span>
        </button>
        {madeAt && (
          <button type="submit" name="intent" value="stop-feed" className={buttonClass({ variant: "secondary", size: "sm" })}>
            Stop the feed<span className="sr-only"> of {consultant.name}</span>
          </button>
        )}
      </Form>
    </div>
  );
}

const weekLink = (monday: string) => `/admin/calls?week=${monday}`;
export const linkClass = "font-medium text-brand-700 hover:underline";

/** The Calls page's heading: the days shown, and links to the weeks before and after. */
export function WeeksHeader({ monday, thisMonday, lastDay }: { monday: string; thisMonday: string; lastDay: string }) {
  return (
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
  );
}
