import { Form } from "react-router";
import { CsrfField, FieldList, inputClass, labelClass } from "#app/components/admin/ui.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { leadStatuses, NOTE_MAX_LENGTH } from "#app/lib/inbox.ts";

/** Parts of a lead's page (app/routes/admin/lead.tsx): its messages, its status form and the note form. */

const stateLabels = { queued: "Queued", sent: "Sent", retrying: "Retrying", failed: "Failed" } as const;

interface Message {
  id: number;
  kind: string;
  /** "agency" for the notification, or the visitor's address for a booking's own mail. */
  to: string;
  status: keyof typeof stateLabels;
  attempts: number;
  lastError: string | null;
  queued: string;
  sent: string | null;
  nextAttempt: string | null;
}

/** The messages about the lead and how far each has got. */
export function NotificationTable({ notifications }: { notifications: readonly Message[] }) {
  return (
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
          {notifications.map((m) => (
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
  );
}

/** The lead's status and the value won, changed together. */
export function StatusForm({ csrf, status, value }: { csrf: string; status: string; value: string | null }) {
  return (
    <Form method="post" className="space-y-2" key={`${status} ${value}`}>
      <CsrfField token={csrf} />
      <input type="hidden" name="intent" value="status" />
      <label htmlFor="lead-status-select" className={labelClass}>
        Lead status
      </label>
      <select id="lead-status-select" name="status" defaultValue={status} className={inputClass}>
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
        defaultValue={value ?? ""}
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
  );
}

/** A new note; the form is made again after each, emptied. */
export function NoteForm({ csrf, notes }: { csrf: string; notes: number }) {
  return (
    <Form method="post" className="space-y-2" key={notes}>
      <CsrfField token={csrf} />
      <input type="hidden" name="intent" value="note" />
      <label htmlFor="lead-note" className={labelClass}>
        Add a note
      </label>
      <textarea id="lead-note" name="note" rows={3} required maxLength={NOTE_MAX_LENGTH} className={inputClass} />
      <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })}>
        Add note
      </button>
    </Form>
  );
}

/** Which campaign a lead counts for, and each touch it carried (first and last). */
export function LeadAttribution({
  channel,
  touches,
}: {
  channel: { name: string; campaign?: string | null } | null | undefined;
  touches: ReadonlyArray<{ title: string; fields: Array<{ label: string; value: string; multiline?: boolean }> }>;
}) {
  return (
    <>
      {channel && (
        <p className="mb-3 text-sm">
          Counts for <strong>{channel.name}</strong>
          {channel.campaign && (
            <>
              {" "}
              · campaign <strong>{channel.campaign}</strong>
            </>
          )}
        </p>
      )}
      {touches.length === 0 ? (
        <p className="text-sm text-slate-600">This lead carried no attribution.</p>
      ) : (
        <div className="space-y-4">
          {touches.map((touch) => (
            <div key={touch.title}>
              <h3 className="mb-1 text-sm font-semibold text-ink">{touch.title}</h3>
              <FieldList items={touch.fields} />
            </div>
          ))}
        </div>
      )}
    </>
  );
}
