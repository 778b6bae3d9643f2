/** The five stages of the organic loop, shown as a ring; the page lists the same steps as text. */
export const CYCLE_STEPS = [
  { title: "Collect", text: "Food, farm and process waste leaves your site in sealed, traceable loads." },
  {
    title: "De-package",
    text: "Packaging is stripped and recycled; the organic fraction is screened for contaminants.",
  },
  {
    title: "Digest",
    text: "Partner anaerobic digestion plants turn the feedstock into biogas over 30 to 60 days.",
  },
  { title: "Power", text: "Biogas becomes grid electricity, heat and biomethane for the gas network." },
  {
    title: "Return",
    text: "Nutrient-rich digestate goes back onto fenland fields in place of fossil fertiliser.",
  },
] as const;

const COLOURS = [
  "var(--color-brand)",
  "var(--color-soil)",
  "var(--color-brand-strong)",
  "var(--color-accent)",
  "var(--color-water)",
];

export function CycleInfographic() {
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
        67k+
      </text>
      <text x={cx} y={cy + 20} textAnchor="middle" fontSize="13" fill="var(--color-muted)">
        tonnes kept in the loop
      </text>
      {CYCLE_STEPS.map((step, i) => {
        const angle = (i / CYCLE_STEPS.length) * Math.PI * 2 - Math.PI / 2;
        const x = Math.round(cx + r * Math.cos(angle));
        const y = Math.round(cy + r * Math.sin(angle));
        return (
          <g key={step.title}>
            <circle cx={x} cy={y} r="34" fill={COLOURS[i]} />
            <text x={x} y={y + 6} textAnchor="middle" fontSize="20" fontWeight="800" fill="var(--color-bg)">
              {i + 1}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
