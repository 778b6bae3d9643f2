import { LoaderCircle } from "lucide-react";

/** The 'Loading…' indicator shown while a list loads or an action runs; `role="status"` has it announced. */
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
