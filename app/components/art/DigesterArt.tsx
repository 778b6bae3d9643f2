import { ArtFrame } from "./ArtFrame";

/** Two digester domes with a leaf growing from the gas main: the AD partnership illustration. */
export default function DigesterArt() {
  return (
    <ArtFrame>
      <path d="M0 240 Q120 210 240 232 T480 226 V320 H0Z" fill="var(--color-brand)" opacity="0.45" />
      <path d="M0 272 Q140 252 280 266 T480 262 V320 H0Z" fill="var(--color-soil)" opacity="0.6" />
      <rect x="60" y="150" width="130" height="96" rx="8" fill="var(--color-muted)" />
      <path d="M60 152 Q125 70 190 152Z" fill="var(--color-brand-strong)" />
      <rect x="214" y="170" width="110" height="76" rx="8" fill="var(--color-muted)" opacity="0.85" />
      <path d="M214 172 Q269 104 324 172Z" fill="var(--color-brand)" />
      <path d="M190 214 H214 M324 214 H370 V120" stroke="var(--color-text)" strokeWidth="6" fill="none" />
      <path d="M370 122 c10 -40 50 -56 78 -54 c-2 34 -36 60 -78 54Z" fill="var(--color-brand)" />
      <path d="M372 120 c22 -16 44 -30 68 -46" stroke="var(--color-surface-2)" strokeWidth="3" fill="none" />
      <circle cx="110" cy="70" r="30" fill="var(--color-accent)" opacity="0.85" />
    </ArtFrame>
  );
}
