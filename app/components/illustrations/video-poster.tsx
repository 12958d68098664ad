/** Drawn inline, so the facade loads nothing from a third party. */
export function VideoPoster({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 640 360" width="640" height="360" className={className} aria-hidden="true" preserveAspectRatio="xMidYMid slice">
      <defs>
        <linearGradient id="poster-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#1e3a8a" />
          <stop offset="1" stopColor="#0f172a" />
        </linearGradient>
        <linearGradient id="poster-area" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#10b981" stopOpacity="0.45" />
          <stop offset="1" stopColor="#10b981" stopOpacity="0" />
        </linearGradient>
      </defs>
      <rect width="640" height="360" fill="url(#poster-bg)" />
      <g stroke="#ffffff" strokeOpacity="0.07">
        {[60, 120, 180, 240, 300].map((y) => (
          <line key={y} x1="0" y1={y} x2="640" y2={y} />
        ))}
      </g>
      {/* dashboard card */}
      <rect x="40" y="40" width="360" height="240" rx="18" fill="#ffffff" fillOpacity="0.06" stroke="#ffffff" strokeOpacity="0.15" />
      <rect x="64" y="64" width="120" height="12" rx="6" fill="#ffffff" fillOpacity="0.5" />
      <rect x="64" y="86" width="80" height="8" rx="4" fill="#ffffff" fillOpacity="0.25" />
      <path d="M64 240 L120 214 L170 222 L220 180 L270 190 L320 132 L376 110 L376 256 L64 256 Z" fill="url(#poster-area)" />
      <path
        d="M64 240 L120 214 L170 222 L220 180 L270 190 L320 132 L376 110"
        stroke="#34d399"
        strokeWidth="4"
        fill="none"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
      <circle cx="376" cy="110" r="7" fill="#34d399" />
      {/* metric tiles */}
      {[
        { y: 40, w: 150 },
        { y: 124, w: 110 },
        { y: 208, w: 130 },
      ].map(({ y, w }) => (
        <g key={y}>
          <rect x="424" y={y} width="176" height="72" rx="14" fill="#ffffff" fillOpacity="0.08" stroke="#ffffff" strokeOpacity="0.12" />
          <rect x="444" y={y + 18} width="60" height="8" rx="4" fill="#ffffff" fillOpacity="0.3" />
          <rect x="444" y={y + 38} width={w - 40} height="14" rx="7" fill="#60a5fa" fillOpacity="0.8" />
        </g>
      ))}
      {/* bars */}
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <rect
          key={i}
          x={64 + i * 52}
          y={300 - (i + 2) * 4}
          width="30"
          height={(i + 2) * 4 + 20}
          rx="4"
          fill="#3b82f6"
          fillOpacity="0.35"
          transform="translate(0,20)"
        />
      ))}
    </svg>
  );
}
