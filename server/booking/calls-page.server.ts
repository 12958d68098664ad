import { data, redirect } from "react-router";
import { callOutcomes, roleAllows } from "#app/lib/inbox.ts";
import { z } from "#app/lib/zod.ts";
import { recordAudit } from "#server/audit/audit.ts";
import { type AdminRouteArgs, actorOf, adminOf, requireRoleFor } from "#server/admin/guard.ts";
import { keysOf, posted, readPost } from "#server/admin/posts.ts";
import { FEED_HOLDS, feedsMadeAt, newFeedAddress, stopFeed } from "#server/booking/calendar-feed.ts";
import { callWeeks, markCall, weekParam } from "#server/booking/calls.ts";
import { servicesOf } from "#server/services.ts";

// Loader and action of app/routes/admin/calls.tsx.

export async function callsLoader({ request, context }: AdminRouteArgs) {
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

export async function callsAction({ request, context }: AdminRouteArgs) {
  // Marking is a lead change; a feed address is an admin's, checked below.
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
