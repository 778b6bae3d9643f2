import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/**
 * A form's submit button while the form may be busy: aria-disabled rather than disabled (it keeps
 * its focus and its place for a screen reader) and a click meanwhile does nothing.
 */
export function SubmitButton({
  busy,
  icon: Icon,
  className = "btn btn-primary",
  children,
}: {
  busy: boolean;
  icon?: LucideIcon;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      className={className}
      aria-disabled={busy}
      onClick={(event) => busy && event.preventDefault()}
    >
      {Icon && <Icon aria-hidden="true" className="size-5" />}
      {children}
    </button>
  );
}
