/** Hero illustration: fenland fields, an anaerobic digestion plant and one of our bulk trucks. */
export default function HeroArt() {
  return (
    <svg
      viewBox="0 0 560 420"
      className="h-auto w-full overflow-hidden rounded-[1.75rem]"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="var(--color-surface-2)" />
          <stop offset="1" stopColor="var(--color-surface)" />
        </linearGradient>
      </defs>
      <rect x="0" y="0" width="560" height="420" rx="28" fill="url(#hero-sky)" />
      <circle cx="440" cy="92" r="44" fill="var(--color-accent)" opacity="0.85" />
      {/* Fields in furrows */}
      <path d="M0 270 Q140 230 280 262 T560 250 V420 H0Z" fill="var(--color-brand)" opacity="0.35" />
      <path d="M0 310 Q160 278 300 300 T560 292 V420 H0Z" fill="var(--color-brand)" opacity="0.6" />
      <path d="M0 350 Q180 330 320 345 T560 338 V420 H0Z" fill="var(--color-soil)" opacity="0.7" />
      {[0, 1, 2, 3, 4].map((i) => (
        <path
          key={i}
          d={`M${-20 + i * 130} 420 L${90 + i * 110} 345`}
          stroke="var(--color-bg)"
          strokeWidth="3"
          opacity="0.35"
        />
      ))}
      {/* AD plant: two digesters with gas domes, a gas holder and a flare stack */}
      <g>
        <rect x="300" y="196" width="86" height="76" rx="6" fill="var(--color-muted)" />
        <path d="M300 198 Q343 140 386 198Z" fill="var(--color-brand-strong)" />
        <rect x="398" y="212" width="70" height="60" rx="6" fill="var(--color-muted)" opacity="0.85" />
        <path d="M398 214 Q433 168 468 214Z" fill="var(--color-brand)" />
        <rect x="482" y="150" width="10" height="122" fill="var(--color-muted)" />
        <path d="M487 128 q-9 12 0 22 q9 -10 0 -22Z" fill="var(--color-accent)" />
        <path d="M386 250 H398 M468 250 H482" stroke="var(--color-text)" strokeWidth="4" />
      </g>
      {/* Truck with a sealed bulk body */}
      <g transform="translate(60 232)">
        <rect x="0" y="20" width="150" height="70" rx="10" fill="var(--color-brand)" />
        <path
          d="M20 40 q20 -14 40 0 t40 0 t40 0"
          stroke="var(--color-on-brand)"
          strokeWidth="4"
          fill="none"
        />
        <path d="M150 40 h38 l26 28 v22 h-64Z" fill="var(--color-text)" />
        <rect x="160" y="46" width="24" height="18" rx="3" fill="var(--color-water)" />
        <circle cx="40" cy="94" r="15" fill="var(--color-bg)" stroke="var(--color-text)" strokeWidth="5" />
        <circle cx="112" cy="94" r="15" fill="var(--color-bg)" stroke="var(--color-text)" strokeWidth="5" />
        <circle cx="190" cy="94" r="15" fill="var(--color-bg)" stroke="var(--color-text)" strokeWidth="5" />
      </g>
      {/* Leaves rising from the plant: energy back from waste */}
      <path d="M250 120 c20 -30 60 -34 76 -30 c-4 30 -36 50 -76 30Z" fill="var(--color-brand)" />
      <path d="M252 120 c24 -10 44 -18 70 -28" stroke="var(--color-bg)" strokeWidth="3" fill="none" />
    </svg>
  );
}
