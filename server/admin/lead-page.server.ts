import { data, redirect } from "react-router";
import { leadStatuses, NOTE_MAX_LENGTH, parseRandValue, roleAllows, valueMessage } from "#app/lib/inbox.ts";
import { z } from "#app/lib/zod.ts";
import { hasDisallowedCharacters, notAllowed } from "#app/forms/rules.ts";
import { recordAudit } from "#server/audit/audit.ts";
import { type AdminRouteArgs, actorOf, adminOf, requireRoleFor } from "#server/admin/guard.ts";
import { addNote, resendNotification, setStatus } from "#server/admin/lead-changes.ts";
import { leadDetail } from "#server/admin/lead-detail.ts";
import { cancelCallFromInbox, inboxCall } from "#server/booking/calendar.server.ts";
import { keysOf, posted, readPost } from "#server/admin/posts.ts";
import { clientAddressContext, servicesOf } from "#server/services.ts";

const done = {
  status: "Status saved.",
  note: "Note added.",
  resend: "The notification is queued again; the worker sends it within moments.",
  cancelled: "The call is cancelled: its time is free again, and the visitor is mailed the cancellation.",
} as const;

function leadId(param: string | undefined): number {
  const id = Number(param);
  if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 });
  return id;
}

export async function leadLoader({ params, request, context }: AdminRouteArgs) {
  const session = requireRoleFor(context, "read");
  const { db } = adminOf(context);
  const id = leadId(params.id);
  const lead = await leadDetail(db, id);
  if (!lead) throw data(null, { status: 404 });
  const call = await inboxCall(servicesOf(context), id);
  const saved = new URL(request.url).searchParams.get("saved");
  // The page shown again after a change is no new view.
  if (!saved) await recordAudit(db, actorOf(session), { action: "view", detail: `viewed the lead (${lead.formLabel})`, leadId: lead.id });
  return {
    lead,
    call,
    csrf: session.csrfToken,
    canEdit: roleAllows(session.user.role, "edit"),
    saved: saved && saved in done ? done[saved as keyof typeof done] : null,
  };
}

const noteText = posted.check(
  z.trim(),
  z.minLength(1, { error: "Write the note first.", abort: true }),
  z.refine((body) => !hasDisallowedCharacters(body, "many"), { error: notAllowed("Note"), abort: true }),
  z.maxLength(NOTE_MAX_LENGTH, `A note can have at most ${NOTE_MAX_LENGTH} characters.`),
);

const randValue = z.pipe(
  posted,
  z.transform((text, ctx) => {
    const cents = parseRandValue(text);
    if (cents !== undefined) return cents;
    ctx.issues.push({ code: "custom", message: valueMessage, input: text });
    return z.NEVER;
  }),
);

const leadPost = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("status"),
      status: z.enum(keysOf(leadStatuses), { error: "Choose one of the statuses." }),
      value: randValue,
    }),
    z.object({ intent: z.literal("note"), note: noteText }),
    z.object({
      intent: z.literal("cancel-call"),
      sequence: z.pipe(posted, z.transform(Number)).check(z.refine(Number.isSafeInteger, "That form could not be read.")),
    }),
    z.object({ intent: z.literal("resend") }),
  ],
  { error: "Unknown action." },
);

export async function leadAction({ params, request, context }: AdminRouteArgs) {
  const actor = actorOf(requireRoleFor(context, "edit"));
  const id = leadId(params.id);
  const { db, worker } = adminOf(context);
  const post = await readPost(request, leadPost);
  if (!post.ok) return data({ error: post.error }, { status: post.status });
  const back = (saved: keyof typeof done) => redirect(`/admin/leads/${id}?saved=${saved}`, { status: 303 });

  const asked = post.data;
  switch (asked.intent) {
    case "status":
      if (!(await setStatus(db, actor, id, asked.status, new Date(), asked.value))) throw data(null, { status: 404 });
      return back("status");
    case "note":
      if (!(await addNote(db, actor, id, asked.note))) throw data(null, { status: 404 });
      return back("note");
    case "cancel-call": {
      const call = { leadId: id, sequence: asked.sequence };
      const result = await cancelCallFromInbox(servicesOf(context), request, context.get(clientAddressContext), actor, call);
      if (result === "no-call") return data({ error: "This lead is not a booked call." }, { status: 400 });
      if (result === "changed")
        return data({ error: "The call is over, or was moved or cancelled meanwhile: here it is as it stands." }, { status: 409 });
      return back("cancelled");
    }
    case "resend": {
      const result = await resendNotification(db, actor, id);
      if (result === "no-lead") throw data(null, { status: 404 });
      if (result === "no-notification") return data({ error: "This lead has no notification to send again." }, { status: 409 });
      worker.nudge();
      return back("resend");
    }
  }
}
