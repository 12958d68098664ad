/** No photo, so no request and no layout shift. */
export function Avatar({
  initials,
  name,
  background = "#1e40af",
  accent = "#60a5fa",
  size = 96,
  decorative = false,
}: {
  initials: string;
  name: string;
  background?: string;
  accent?: string;
  size?: number;
  decorative?: boolean;
}) {
  const gradientId = `avatar-${initials}-${size}`;
  return (
    <svg
      viewBox="0 0 96 96"
      width={size}
      height={size}
      className="shrink-0 rounded-full"
      role={decorative ? undefined : "img"}
      aria-hidden={decorative ? true : undefined}
      aria-label={decorative ? undefined : `Illustrated avatar of ${name}`}
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={background} />
          <stop offset="1" stopColor="#0f172a" />
        </linearGradient>
      </defs>
      <rect width="96" height="96" rx="48" fill={`url(#${gradientId})`} />
      <circle cx="78" cy="18" r="22" fill={accent} opacity="0.35" />
      <path d="M0 78 q30 -18 96 -6 v24 h-96z" fill={accent} opacity="0.25" />
      <text x="48" y="58" textAnchor="middle" fontSize="30" fontWeight="700" fill="#ffffff">
        {initials}
      </text>
    </svg>
  );
}
