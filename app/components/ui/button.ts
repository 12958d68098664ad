import { cn } from "#app/lib/cn.ts";

const base =
  "inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60";

const variants = {
  primary: "bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-brand-600",
  secondary: "bg-white text-ink ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-brand-600",
  inverse: "bg-white text-brand-800 hover:bg-brand-50 focus-visible:outline-white",
  ghost: "text-ink hover:bg-slate-100 focus-visible:outline-brand-600",
} as const;

const sizes = {
  sm: "px-3 py-2 text-sm",
  md: "px-4 py-2.5 text-sm",
  lg: "px-6 py-3 text-base",
} as const;

export interface ButtonStyle {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  className?: string;
}

export function buttonClass({ variant = "primary", size = "md", className }: ButtonStyle = {}): string {
  return cn(base, variants[variant], sizes[size], className);
}
