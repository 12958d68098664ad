import { Link } from "react-router";
import { site } from "#app/config/site.ts";

export function Logo({ inverse = false }: { inverse?: boolean }) {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-md" aria-label={`${site.name} home`}>
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#2563eb" />
        <path d="M8 22l6-6 4 4 7-9" stroke="#fff" strokeWidth="2.5" fill="none" strokeLinecap="round" strokeLinejoin="round" />
        <circle cx="25" cy="11" r="2" fill="#10b981" />
      </svg>
      <span className={inverse ? "text-lg font-bold text-white" : "text-lg font-bold text-ink"}>{site.name}</span>
    </Link>
  );
}
