import type { ReactNode } from "react";
import { StaticHtml } from "#app/components/ui/static-html.tsx";
import { cn } from "#app/lib/cn.ts";

const tones = {
  white: "bg-white",
  muted: "bg-slate-50",
  dark: "bg-ink text-slate-300",
} as const;

/** A full-width band of a page with the standard width and spacing. */
export function Section({
  id,
  tone = "white",
  labelledBy,
  className,
  adopt = false,
  children,
}: {
  id?: string;
  tone?: keyof typeof tones;
  /** The id of the heading that names this region. */
  labelledBy?: string;
  className?: string;
  /** Nothing inside needs React (links are fine): hydration adopts its HTML as it is (StaticHtml). */
  adopt?: boolean;
  children: ReactNode;
}) {
  const width = "mx-auto max-w-7xl px-4 sm:px-6 lg:px-8";
  return (
    <section id={id} aria-labelledby={labelledBy} className={cn(tones[tone], "py-16 sm:py-20", className)}>
      {adopt ? <StaticHtml className={width}>{children}</StaticHtml> : <div className={width}>{children}</div>}
    </section>
  );
}

/** A section's eyebrow, h2 and lead. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  inverse = false,
  align = "center",
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  lead?: string;
  inverse?: boolean;
  align?: "center" | "left";
}) {
  return (
    <div className={cn("max-w-3xl", align === "center" && "mx-auto text-center")}>
      {eyebrow && (
        <p className={cn("text-sm font-semibold tracking-wide uppercase", inverse ? "text-emerald-300" : "text-brand-700")}>{eyebrow}</p>
      )}
      <h2 id={id} className={cn("mt-2 text-3xl font-bold tracking-tight sm:text-4xl", inverse && "text-white")}>
        {title}
      </h2>
      {lead && <p className={cn("mt-4 text-lg leading-relaxed", inverse ? "text-slate-300" : "text-slate-600")}>{lead}</p>}
    </div>
  );
}
