import { PARTNERS } from "~/content/services";

const GLYPHS = [
  "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 4 4 8H8Z",
  "M3 18c4-10 14-10 18 0ZM12 4v6",
  "M4 16q4-8 8 0t8 0M4 10q4-8 8 0t8 0",
  "M5 5h14v14H5ZM9 9h6v6H9Z",
  "M12 3c4 6 6 9 6 12a6 6 0 0 1-12 0c0-3 2-6 6-12Z",
];

/** Partner marks, drawn as simple monochrome wordmarks so they sit quietly in both themes. */
export default function PartnerMarks() {
  return (
    <ul className="flex flex-wrap items-center justify-center gap-x-10 gap-y-6 text-muted">
      {PARTNERS.map((name, i) => (
        <li key={name} className="flex items-center gap-2">
          <svg viewBox="0 0 24 24" className="size-7" role="img" aria-label={`${name} logo`}>
            <path d={GLYPHS[i % GLYPHS.length]} fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          <span className="text-base font-bold tracking-tight whitespace-nowrap">{name}</span>
        </li>
      ))}
    </ul>
  );
}
