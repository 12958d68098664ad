import { data, Form, Link, redirect } from "react-router";
import { leadStatuses, NOTE_MAX_LENGTH, parseRandValue, roleAllows, statusLabel, valueMessage } from "#app/lib/inbox.ts";
import { z } from "#app/lib/zod.ts";
import { adminMeta } from "#app/components/admin/meta.ts";
import { CsrfField, FieldList, inputClass, labelClass, Notice, Section, StatusBadge } from "#app/components/admin/ui.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { hasDisallowedCharacters, notAllowed } from "#app/forms/rules.ts";
import { recordAudit } from "#server/admin/audit.ts";
import { actorOf, adminOf, requireRoleFor } from "#server/admin/guard.ts";
import { addNote, resendNotification, setStatus } from "#server/admin/lead-changes.ts";
import { leadDetail } from "#server/admin/lead-detail.ts";
import { cancelCallFromInbox, inboxCall } from "#server/booking/calendar.server.ts";
import { keysOf, posted, readPost } from "#server/admin/posts.ts";
import { clientAddressContext, servicesOf } from "#server/services.ts";
import type { Route } from "./+types/lead";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `${loaderData.lead.name}, ${loaderData.lead.formLabel}` : "Lead");

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

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const session = requireRoleFor(context, "read");
  const { db } = adminOf(context);
  const id = leadId(params.id);
  const lead = await leadDetail(db, id);
  if (!lead) throw data(null, { status: 404 });
  const call = await inboxCall(servicesOf(context), id);
  const saved = new URL(request.url).searchParams.get("saved");
  // The page shown again after a change the log already has is no new view.
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

/** A won value in cents: null when left empty. */
const randValue = z.pipe(
  posted,
  z.transform((text, ctx) => {
    const cents = parseRandValue(text);
    if (cents !== undefined) return cents;
    ctx.issues.push({ code: "custom", message: valueMessage, input: text });
    return z.NEVER;
  }),
);

/** The page's four forms, told apart by their intent. */
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

export async function action({ params, request, context }: Route.ActionArgs) {
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

const callStates = { booked: "Booked", cancelled: "Cancelled", over: "Over" } as const;

const stateLabels = { queued: "Queued", sent: "Sent", retrying: "Retrying", failed: "Failed" } as const;

export default function LeadPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, saved } = loaderData;
  return (
    <div className="space-y-4">
      <p className="text-sm">
        <Link to="/admin" className="font-medium text-brand-700 hover:underline">
          ← All leads
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{lead.name}</h1>
        <StatusBadge status={lead.status} label={statusLabel(lead.status)} />
      </div>
      <p className="text-sm text-slate-600">
        {lead.formLabel} · received {lead.received} SAST · {lead.email}
      </p>
      {saved && !actionData && <Notice>{saved}</Notice>}
      {actionData?.error && <Notice tone="error">{actionData.error}</Notice>}

      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-4">
          <Section title="What they sent" id="lead-fields">
            <FieldList items={lead.fields} />
          </Section>
          <Section title="Where it came from" id="lead-origin">
            <FieldList
              items={[
                { label: "Received", value: `${lead.received} SAST` },
                { label: "Reference", value: lead.reference },
                { label: "Client address", value: lead.origin.clientAddress },
                { label: "User agent", value: lead.origin.userAgent ?? "" },
                { label: "Bot check", value: lead.origin.botCheck },
              ]}
            />
          </Section>
          <Section title="Which campaign brought it" id="lead-attribution">
            {lead.channel && (
              <p className="mb-3 text-sm">
                Counts for <strong>{lead.channel.name}</strong>
                {lead.channel.campaign && (
                  <>
                    {" "}
                    · campaign <strong>{lead.channel.campaign}</strong>
                  </>
                )}
              </p>
            )}
            {lead.touches.length === 0 ? (
              <p className="text-sm text-slate-600">This lead carried no attribution.</p>
            ) : (
              <div className="space-y-4">
                {lead.touches.map((touch) => (
                  <div key={touch.title}>
                    <h3 className="mb-1 text-sm font-semibold text-ink">{touch.title}</h3>
                    <FieldList items={touch.fields} />
                  </div>
                ))}
              </div>
            )}
          </Section>
          <Section
            title="Notification"
            id="lead-notification"
            actions={
              lead.canResend &&
              loaderData.canEdit && (
                <Form method="post">
                  <CsrfField token={loaderData.csrf} />
                  <input type="hidden" name="intent" value="resend" />
                  <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })}>
                    Resend notification
                  </button>
                </Form>
              )
            }
          >
            {lead.notifications.length === 0 ? (
              <p className="text-sm text-slate-600">No messages for this lead.</p>
            ) : (
              <div className="overflow-x-auto">
                <table className="min-w-full text-left text-sm">
                  <caption className="sr-only">Messages about this lead</caption>
                  <thead className="text-xs tracking-wide text-slate-600 uppercase">
                    <tr>
                      <th scope="col" className="py-1 pr-3 font-semibold">
                        Message
                      </th>
                      <th scope="col" className="py-1 pr-3 font-semibold">
                        To
                      </th>
                      <th scope="col" className="py-1 pr-3 font-semibold">
                        State
                      </th>
                      <th scope="col" className="py-1 font-semibold">
                        Queued (SAST)
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {lead.notifications.map((m) => (
                      <tr key={m.id} className="align-top">
                        <td className="py-1.5 pr-3">
                          {m.kind} <span className="text-slate-600">#{m.id}</span>
                        </td>
                        <td className="py-1.5 pr-3 break-all">{m.to === "agency" ? "Agency" : m.to}</td>
                        <td className="py-1.5 pr-3" data-testid="notification-state">
                          <span className="font-medium">{stateLabels[m.status]}</span>
                          {m.status === "sent" && m.sent && <span className="text-slate-600"> {m.sent}</span>}
                          {(m.status === "retrying" || m.status === "failed") && (
                            <span className="block text-slate-600">
                              after {m.attempts} attempt{m.attempts === 1 ? "" : "s"}
                              {m.nextAttempt ? `, next at ${m.nextAttempt}` : ""}
                              {m.lastError ? `: ${m.lastError}` : ""}
                            </span>
                          )}
                        </td>
                        <td className="py-1.5 whitespace-nowrap tabular-nums">{m.queued}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Section>
        </div>

        <div className="space-y-4">
          {loaderData.call && (
            <Section title="The call" id="lead-call">
              <p className="text-sm">
                {loaderData.call.when} SAST · {callStates[loaderData.call.state]}
              </p>
              {loaderData.call.state === "booked" && loaderData.canEdit && (
                <Form method="post" className="mt-3 space-y-2">
                  <CsrfField token={loaderData.csrf} />
                  <input type="hidden" name="intent" value="cancel-call" />
                  <input type="hidden" name="sequence" value={loaderData.call.sequence} />
                  <p className="text-xs text-slate-600">
                    Frees the time and mails {lead.email} the cancellation, as the visitor&apos;s own cancel link does.
                  </p>
                  <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })}>
                    Cancel this call
                  </button>
                </Form>
              )}
            </Section>
          )}
          <Section title="Status" id="lead-status">
            {loaderData.canEdit ? (
              <Form method="post" className="space-y-2" key={`${lead.status} ${lead.value}`}>
                <CsrfField token={loaderData.csrf} />
                <input type="hidden" name="intent" value="status" />
                <label htmlFor="lead-status-select" className={labelClass}>
                  Lead status
                </label>
                <select id="lead-status-select" name="status" defaultValue={lead.status} className={inputClass}>
                  {leadStatuses.map((s) => (
                    <option key={s.key} value={s.key}>
                      {s.label}
                    </option>
                  ))}
                </select>
                <label htmlFor="lead-value" className={labelClass}>
                  Value won (rand, optional)
                </label>
                <input
                  id="lead-value"
                  name="value"
                  inputMode="decimal"
                  maxLength={20}
                  defaultValue={lead.value ?? ""}
                  aria-describedby="lead-value-hint"
                  className={inputClass}
                />
                <p id="lead-value-hint" className="text-xs text-slate-600">
                  Sent with the conversion in the Google Ads export.
                </p>
                <button type="submit" className={buttonClass({ size: "sm" })}>
                  Save status
                </button>
              </Form>
            ) : (
              <p className="text-sm">
                {statusLabel(lead.status)}
                {lead.value && ` · R${lead.value} won`}
              </p>
            )}
          </Section>
          <Section title="Notes" id="lead-notes">
            {lead.notes.length > 0 && (
              <ol className="mb-4 space-y-3">
                {lead.notes.map((note) => (
                  <li key={note.id} className="text-sm">
                    <p className="text-xs text-slate-600">
                      {note.author} · {note.written}
                    </p>
                    <p className="mt-0.5 whitespace-pre-wrap text-ink">{note.body}</p>
                  </li>
                ))}
              </ol>
            )}
            {loaderData.canEdit ? (
              <Form method="post" className="space-y-2" key={lead.notes.length}>
                <CsrfField token={loaderData.csrf} />
                <input type="hidden" name="intent" value="note" />
                <label htmlFor="lead-note" className={labelClass}>
                  Add a note
                </label>
                <textarea id="lead-note" name="note" rows={3} required maxLength={NOTE_MAX_LENGTH} className={inputClass} />
                <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })}>
                  Add note
                </button>
              </Form>
            ) : (
              lead.notes.length === 0 && <p className="text-sm text-slate-600">No notes.</p>
            )}
          </Section>
        </div>
      </div>
    </div>
  );
}
