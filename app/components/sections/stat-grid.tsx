import type { Stat } from "#app/content/stats.ts";
import { cn } from "#app/lib/cn.ts";

/** Headline figures, as plain figures on a dark band or as cards on a light one. */
export function StatGrid({
  stats,
  variant = "cards",
  className,
}: {
  stats: readonly Stat[];
  variant?: "cards" | "inverse" | "plain";
  className?: string;
}) {
  const columns = stats.length === 3 ? "sm:grid-cols-3" : "grid-cols-2 lg:grid-cols-4";
  return (
    <ul className={cn("grid gap-4", columns, className)}>
      {stats.map((stat) => (
        <li
          key={stat.label}
          className={cn(
            "flex flex-col rounded-2xl px-2 py-4 text-center sm:p-5",
            variant === "cards" && "bg-white shadow-sm ring-1 ring-slate-200",
            variant === "inverse" && "bg-white/5 ring-1 ring-white/15",
          )}
        >
          <span
            className={cn("text-2xl font-extrabold tracking-tight sm:text-4xl", variant === "inverse" ? "text-white" : "text-brand-700")}
          >
            {stat.value}
          </span>{" "}
          <span className={cn("mt-1 text-sm font-medium", variant === "inverse" ? "text-slate-300" : "text-slate-600")}>{stat.label}</span>
        </li>
      ))}
    </ul>
  );
}
