import { ArtFrame } from "./ArtFrame";

/** A vacuum tanker pumping out a pit through a hose: the waste water tankering illustration. */
export default function TankerArt() {
  return (
    <ArtFrame>
      <path d="M0 250 H480 V320 H0Z" fill="var(--color-soil)" opacity="0.55" />
      {/* Tank barrel and chassis */}
      <g transform="translate(40 120)">
        <rect x="0" y="0" width="230" height="90" rx="45" fill="var(--color-water)" />
        <rect x="20" y="12" width="190" height="10" rx="5" fill="var(--color-surface)" opacity="0.6" />
        <circle
          cx="20"
          cy="45"
          r="18"
          fill="var(--color-surface)"
          stroke="var(--color-text)"
          strokeWidth="4"
        />
        <rect x="60" y="-16" width="40" height="18" rx="4" fill="var(--color-muted)" />
        <path d="M230 30 h46 l34 34 v46 h-80Z" fill="var(--color-brand)" />
        <rect x="246" y="40" width="30" height="26" rx="4" fill="var(--color-surface-2)" />
        <rect x="-6" y="92" width="320" height="16" rx="4" fill="var(--color-text)" />
        {[40, 104, 268].map((x) => (
          <circle
            key={x}
            cx={x}
            cy="120"
            r="20"
            fill="var(--color-bg)"
            stroke="var(--color-text)"
            strokeWidth="6"
          />
        ))}
      </g>
      {/* Hose to the pit */}
      <path
        d="M60 165 C20 200 30 250 90 262 S300 280 380 262"
        fill="none"
        stroke="var(--color-text)"
        strokeWidth="9"
        strokeLinecap="round"
      />
      <ellipse cx="400" cy="268" rx="56" ry="14" fill="var(--color-bg)" />
      <ellipse cx="400" cy="268" rx="44" ry="9" fill="var(--color-water)" opacity="0.8" />
      {/* Droplets rising */}
      {[
        [380, 220],
        [410, 200],
        [430, 232],
      ].map(([x, y]) => (
        <path key={x} d={`M${x} ${y} q9 12 0 20 q-9 -8 0 -20Z`} fill="var(--color-water)" />
      ))}
      <circle cx="400" cy="70" r="34" fill="var(--color-accent)" opacity="0.85" />
    </ArtFrame>
  );
}
