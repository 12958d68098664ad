import { Icon } from "#app/components/ui/icon.tsx";
import { cn } from "#app/lib/cn.ts";

/** A list of things included, each with a check mark. */
export function CheckList({
  items,
  columns = 1,
  inverse = false,
  className,
}: {
  items: readonly string[];
  columns?: 1 | 2;
  inverse?: boolean;
  className?: string;
}) {
  return (
    <ul className={cn("grid gap-3", columns === 2 && "sm:grid-cols-2", className)}>
      {items.map((item) => (
        <li key={item} className="flex items-start gap-3">
          <Icon name="circle-check" className={cn("mt-0.5 size-5 shrink-0", inverse ? "text-emerald-300" : "text-accent-700")} />
          <span className={inverse ? "text-slate-200" : "text-slate-700"}>{item}</span>
        </li>
      ))}
    </ul>
  );
}
