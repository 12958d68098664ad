/** Dark enough that white text over it keeps its contrast. */
export function AnalyticsBackdrop({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 1280 480" width="1280" height="480" className={className} aria-hidden="true" preserveAspectRatio="xMidYMid slice">
      <defs>
        <linearGradient id="analytics-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#0f172a" />
          <stop offset="1" stopColor="#172554" />
        </linearGradient>
        <pattern id="analytics-grid" width="40" height="40" patternUnits="userSpaceOnUse">
          <path d="M40 0 H0 V40" fill="none" stroke="#ffffff" strokeOpacity="0.05" />
        </pattern>
      </defs>
      <rect width="1280" height="480" fill="url(#analytics-bg)" />
      <rect width="1280" height="480" fill="url(#analytics-grid)" />
      <path
        d="M0 400 C160 380 240 300 380 320 S620 220 760 240 S1020 120 1280 90"
        stroke="#34d399"
        strokeOpacity="0.35"
        strokeWidth="4"
        fill="none"
      />
      <path
        d="M0 440 C200 420 300 380 460 380 S720 320 880 330 S1120 250 1280 230"
        stroke="#60a5fa"
        strokeOpacity="0.3"
        strokeWidth="3"
        fill="none"
      />
      {Array.from({ length: 14 }, (_, i) => (
        <rect
          key={i}
          x={860 + i * 30}
          y={470 - ((i * 37) % 160) - 60}
          width="18"
          height={((i * 37) % 160) + 60}
          rx="4"
          fill="#3b82f6"
          fillOpacity="0.18"
        />
      ))}
      <circle cx="1120" cy="110" r="90" fill="#10b981" fillOpacity="0.07" />
      <circle cx="180" cy="90" r="120" fill="#3b82f6" fillOpacity="0.08" />
    </svg>
  );
}
