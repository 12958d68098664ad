import { Form, Link } from "react-router";
import { statusLabel } from "#app/lib/inbox.ts";
import { adminMeta } from "#app/components/admin/meta.ts";
import { CsrfField, FieldList, Notice, Section, StatusBadge } from "#app/components/admin/ui.tsx";
import { LeadAttribution, NoteForm, NotificationTable, StatusForm } from "#app/components/admin/lead-sections.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import type { Route } from "./+types/lead";
import { leadLoader, leadAction } from "#server/admin/lead-page.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `${loaderData.lead.name}, ${loaderData.lead.formLabel}` : "Lead");

export const loader = (args: Route.LoaderArgs) => leadLoader(args);
export const action = (args: Route.ActionArgs) => leadAction(args);

const callStates = { booked: "Booked", cancelled: "Cancelled", over: "Over" } as const;

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
            <LeadAttribution channel={lead.channel} touches={lead.touches} />
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
              <NotificationTable notifications={lead.notifications} />
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
              <StatusForm csrf={loaderData.csrf} status={lead.status} value={lead.value} />
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
              <NoteForm csrf={loaderData.csrf} notes={lead.notes.length} />
            ) : (
              lead.notes.length === 0 && <p className="text-sm text-slate-600">No notes.</p>
            )}
          </Section>
        </div>
      </div>
    </div>
  );
}
