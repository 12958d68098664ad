import type { ReactNode } from "react";
import { Form } from "react-router";
import { buttonClass } from "#app/components/ui/button.ts";
import { cn } from "#app/lib/cn.ts";
import { CSRF_FIELD } from "#app/lib/inbox.ts";

/** Field styles shared by every inbox form. */
export const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-ink shadow-xs focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600";
export const labelClass = "block text-xs font-semibold tracking-wide text-slate-700 uppercase";

/** The session's synchronizer token, which every inbox form posts (each page's loader hands it over). */
export function CsrfField({ token }: { token: string }) {
  return <input type="hidden" name={CSRF_FIELD} value={token} />;
}

/**
 * A table row's one button (end a session, remove a passkey, revoke a link): it posts
 * `intent` with the row's `name=value`; `which` tells a screen reader which row it acts on.
 */
export function RowAction({
  csrf,
  intent,
  name,
  value,
  label,
  which,
  variant = "ghost",
}: {
  csrf: string;
  intent: string;
  name: string;
  value: string | number;
  label: string;
  which: string;
  variant?: "ghost" | "secondary";
}) {
  return (
    <Form method="post">
      <CsrfField token={csrf} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={name} value={value} />
      <button type="submit" className={buttonClass({ variant, size: "sm" })}>
        {label}
        <span className="sr-only"> {which}</span>
      </button>
    </Form>
  );
}

/** A message after a change, announced to screen readers. */
export function Notice({ tone = "done", children }: { tone?: "done" | "error"; children: ReactNode }) {
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={cn(
        "rounded-md border px-3 py-2 text-sm",
        tone === "error" ? "border-rose-200 bg-rose-50 text-rose-900" : "border-emerald-200 bg-emerald-50 text-emerald-900",
      )}
    >
      {children}
    </p>
  );
}

export function Section({ title, id, children, actions }: { title: string; id: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-2.5">
        <h2 id={id} className="text-sm font-semibold">
          {title}
        </h2>
        {actions}
      </div>
      <div className="p-4">{children}</div>
    </section>
  );
}

const statusTones: Record<string, string> = {
  new: "bg-brand-50 text-brand-800 ring-brand-200",
  contacted: "bg-amber-50 text-amber-900 ring-amber-200",
  qualified: "bg-violet-50 text-violet-800 ring-violet-200",
  "no-show": "bg-orange-50 text-orange-900 ring-orange-200",
  won: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  lost: "bg-slate-100 text-slate-700 ring-slate-300",
  spam: "bg-rose-50 text-rose-800 ring-rose-200",
};

export function StatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <span
      className={cn("inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset", statusTones[status] ?? statusTones.lost)}
    >
      {label}
    </span>
  );
}

/** Label and value pairs, dense. */
export function FieldList({ items }: { items: Array<{ label: string; value: string; multiline?: boolean }> }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
      {items.map((item) => (
        <div key={item.label} className="contents">
          <dt className="font-medium text-slate-600">{item.label}</dt>
          <dd className={cn("text-ink break-words", item.multiline && "whitespace-pre-wrap")}>
            {item.value || <span className="text-slate-600">Not given</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A list of the inbox (leads, the audit log): scrolls sideways on a narrow
 * screen, names itself to screen readers, and says so when it has no rows.
 */
export function ListTable({
  caption,
  columns,
  empty,
  children,
}: {
  caption: string;
  columns: string[];
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
          <tr>
            {columns.map((column, index) => (
              // The first column is the time: kept on one line.
              <th key={column} scope="col" className={cn("px-3 py-2 font-semibold", index === 0 && "whitespace-nowrap")}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
      {empty !== null && <p className="px-3 py-8 text-center text-sm text-slate-600">{empty}</p>}
    </div>
  );
}

/** A QR code drawn on the server as one SVG path (server/admin/second-factor.ts), dark on white whatever the theme. */
export function QrCode({ size, path, label }: { size: number; path: string; label: string }) {
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges" className="mt-2 size-48 bg-white">
      <path d={path} fill="#000" />
    </svg>
  );
}

/** Recovery codes, shown once after they are made. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <ol aria-label="Recovery codes" className="grid grid-cols-1 gap-2 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
      {codes.map((code) => (
        <li key={code}>
          <code className="font-mono text-base text-ink">{code}</code>
        </li>
      ))}
    </ol>
  );
}
