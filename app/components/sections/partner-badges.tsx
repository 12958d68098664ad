import { Icon } from "#app/components/ui/icon.tsx";
import type { PartnerBadge } from "#app/content/partners.ts";

/** The platform certifications, each a coloured badge with its name and what it covers. */
export function PartnerBadges({ badges, labelledBy }: { badges: readonly PartnerBadge[]; labelledBy: string }) {
  return (
    <ul aria-labelledby={labelledBy} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {badges.map((badge) => (
        <li
          key={badge.name}
          className="flex flex-col items-center rounded-xl p-4 text-center text-white"
          style={{ backgroundColor: badge.colour }}
        >
          <Icon name="badge-check" className="size-6" />
          <span className="mt-2 text-sm font-bold">{badge.name}</span>
          <span className="mt-1 text-xs leading-snug text-white/90">{badge.text}</span>
        </li>
      ))}
    </ul>
  );
}
