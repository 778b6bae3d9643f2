/** The Fenland Organics mark: a leaf over a field furrow, in a roundel. */
export function LogoMark({ className = "size-9" }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" className={className} role="img" aria-label="Fenland Organics">
      <circle cx="20" cy="20" r="19" fill="var(--color-brand)" />
      <path d="M11 25c0-8 6-14 18-15-1 11-7 17-15 17-1 0-2 0-3-.2" fill="var(--color-on-brand)" />
      <path d="M12 29c4-6 8-10 13-13" stroke="var(--color-brand)" strokeWidth="1.8" fill="none" />
      <path d="M7 31h26" stroke="var(--color-on-brand)" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** Mark + wordmark. The text is decorative: the mark carries the accessible name. */
export function Logo() {
  return (
    <span className="inline-flex items-center gap-2">
      <LogoMark />
      <span aria-hidden="true" className="text-lg leading-none font-extrabold tracking-tight">
        Fenland
        <span className="block text-xs font-bold tracking-[0.2em] text-brand uppercase">Organics</span>
      </span>
    </span>
  );
}
