const COLOURS = [
  "var(--color-brand)",
  "var(--color-soil)",
  "var(--color-brand-strong)",
  "var(--color-accent)",
  "var(--color-water)",
];

/**
 * The organic loop as a ring of numbered stages (the page lists the same stages as text) around a
 * figure: all from the Sustainability page's document. Decorative: hidden from screen readers.
 */
export function CycleInfographic({
  stages,
  figure,
  label,
}: {
  stages: number;
  figure: string;
  label: string;
}) {
  const cx = 200;
  const cy = 200;
  const r = 140;
  return (
    <svg
      viewBox="0 0 400 400"
      className="mx-auto h-auto w-full max-w-md"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx={cx} cy={cy} r={r} fill="none" stroke="var(--color-border)" strokeWidth="14" />
      <circle
        cx={cx}
        cy={cy}
        r={r}
        fill="none"
        stroke="var(--color-brand)"
        strokeWidth="4"
        strokeDasharray="10 14"
        opacity="0.8"
      />
      <circle cx={cx} cy={cy} r="70" fill="var(--color-surface-2)" />
      <text x={cx} y={cy - 6} textAnchor="middle" fontSize="30" fontWeight="800" fill="var(--color-text)">
        {figure}
      </text>
      <text x={cx} y={cy + 20} textAnchor="middle" fontSize="13" fill="var(--color-muted)">
        {label}
      </text>
      {Array.from({ length: stages }, (_, i) => {
        const angle = (i / stages) * Math.PI * 2 - Math.PI / 2;
        const x = Math.round(cx + r * Math.cos(angle));
        const y = Math.round(cy + r * Math.sin(angle));
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a stage is its place in the ring
          <g key={i}>
            <circle cx={x} cy={y} r="34" fill={COLOURS[i % COLOURS.length]} />
            <text x={x} y={y + 6} textAnchor="middle" fontSize="20" fontWeight="800" fill="var(--color-bg)">
              {i + 1}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
