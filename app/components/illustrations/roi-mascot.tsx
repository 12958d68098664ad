import { useId } from "react";

/** Drawn inline so it needs no image request; decorative without a title. */
export function RoiMascot({ title, className, size = 240 }: { title?: string; className?: string; size?: number }) {
  const height = Math.round((size * 260) / 240);
  // Unique gradient ids, in case the mascot appears twice on a page.
  const id = useId();
  const body = `${id}-body`;
  const face = `${id}-face`;
  return (
    <svg
      viewBox="0 0 240 260"
      width={size}
      height={height}
      className={className}
      role={title ? "img" : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
    >
      <defs>
        <linearGradient id={body} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#3b82f6" />
          <stop offset="1" stopColor="#1d4ed8" />
        </linearGradient>
        <linearGradient id={face} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#0f172a" />
          <stop offset="1" stopColor="#1e293b" />
        </linearGradient>
      </defs>
      <ellipse cx="120" cy="248" rx="70" ry="8" fill="#0f172a" opacity="0.12" />
      {/* antenna */}
      <line x1="120" y1="34" x2="120" y2="14" stroke="#1d4ed8" strokeWidth="5" strokeLinecap="round" />
      <circle cx="120" cy="12" r="9" fill="#10b981" />
      <circle cx="117" cy="9" r="3" fill="#a7f3d0" />
      {/* ears */}
      <rect x="34" y="68" width="18" height="40" rx="8" fill="#1d4ed8" />
      <rect x="188" y="68" width="18" height="40" rx="8" fill="#1d4ed8" />
      {/* head */}
      <rect x="46" y="32" width="148" height="112" rx="34" fill={`url(#${body})`} />
      <rect x="62" y="50" width="116" height="76" rx="24" fill={`url(#${face})`} />
      {/* eyes and smile */}
      <ellipse cx="96" cy="82" rx="10" ry="12" fill="#6ee7b7" />
      <ellipse cx="144" cy="82" rx="10" ry="12" fill="#6ee7b7" />
      <circle cx="99" cy="78" r="3" fill="#ecfdf5" />
      <circle cx="147" cy="78" r="3" fill="#ecfdf5" />
      <path d="M100 106 q20 14 40 0" stroke="#6ee7b7" strokeWidth="5" fill="none" strokeLinecap="round" />
      {/* neck and body */}
      <rect x="104" y="142" width="32" height="14" rx="4" fill="#1e3a8a" />
      <rect x="62" y="152" width="116" height="84" rx="28" fill={`url(#${body})`} />
      {/* arms: one waving */}
      <path d="M64 176 q-26 -6 -34 -38" stroke="#1d4ed8" strokeWidth="14" fill="none" strokeLinecap="round" />
      <circle cx="30" cy="134" r="11" fill="#3b82f6" />
      <path d="M176 178 q22 14 20 42" stroke="#1d4ed8" strokeWidth="14" fill="none" strokeLinecap="round" />
      <circle cx="196" cy="222" r="11" fill="#3b82f6" />
      {/* chest badge */}
      <rect x="88" y="170" width="64" height="36" rx="10" fill="#eff6ff" />
      <text x="120" y="195" textAnchor="middle" fontSize="20" fontWeight="800" fill="#1e40af">
        ROI
      </text>
      {/* chart spark on the chest */}
      <path d="M92 222 l14 -8 l12 5 l18 -12" stroke="#a7f3d0" strokeWidth="4" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
