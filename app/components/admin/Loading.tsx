import { LoaderCircle } from "lucide-react";

/** DESIGN.md: the `role="status"` 'Loading…' indicator shown while a list loads or an action runs. */
export function Loading({ className = "" }: { className?: string }) {
  return (
    <p
      role="status"
      className={`inline-flex items-center gap-2 text-sm font-semibold text-muted ${className}`}
    >
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-brand" />
      Loading…
    </p>
  );
}
