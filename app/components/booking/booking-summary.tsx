import { Icon } from "#app/components/ui/icon.tsx";

export function BookingNotice({ title, lead, tone = "info" }: { title: string; lead: string; tone?: "info" | "done" }) {
  const icon = tone === "done" ? "circle-check" : "calendar-x-2";
  return (
    <div className="flex flex-col items-center text-center">
      <Icon name={icon} className={tone === "done" ? "size-12 text-accent-700" : "size-12 text-slate-500"} />
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-4 max-w-xl text-lg text-slate-600">{lead}</p>
    </div>
  );
}

interface BookingFacts {
  when: string;
  email: string;
  status: "confirmed" | "cancelled";
  consultant: { name: string; meetingLink: string | null } | null;
}

export function BookingDetails({ booking }: { booking: BookingFacts }) {
  const cancelled = booking.status === "cancelled";
  const { consultant } = booking;
  const rows: Array<{ term: string; detail: React.ReactNode; className?: string }> = [
    { term: "When", detail: booking.when, className: cancelled ? "text-slate-600 line-through" : undefined },
    ...(consultant ? [{ term: "With", detail: consultant.name }] : []),
    ...(consultant?.meetingLink && !cancelled
      ? [
          {
            term: "Where",
            className: "break-all",
            detail: (
              <a href={consultant.meetingLink} className="text-brand-700 underline">
                {consultant.meetingLink.replace(/^tel:/, "")}
              </a>
            ),
          },
        ]
      : []),
    { term: "Invitation sent to", detail: booking.email },
    { term: "Status", detail: cancelled ? "Cancelled" : "Confirmed" },
  ];
  return (
    <dl className="mx-auto mt-10 max-w-xl rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200">
      {rows.map(({ term, detail, className }, index) => (
        <div key={term} className={`flex flex-wrap justify-between gap-2 py-2${index ? " border-t border-slate-200" : ""}`}>
          <dt className="font-semibold">{term}</dt>
          <dd className={className}>{detail}</dd>
        </div>
      ))}
    </dl>
  );
}
