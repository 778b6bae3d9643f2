import { X } from "lucide-react";
import { useCallback, useRef } from "react";
import { createPortal } from "react-dom";
import { useFocusTrap } from "~/lib/focus-trap";
import { Logo } from "../art/LogoMark";
import { AdminSectionNav } from "./AdminSidebar";

/**
 * The phone menu: the sidebar in a slider. 'Close menu', Escape, the backdrop or choosing an
 * entry close it; focus stays inside while open and returns to 'Open menu' afterwards.
 */
export function AdminMenu({ onClose }: { onClose: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  const close = useCallback(() => onClose(), [onClose]);
  useFocusTrap(panel, close);

  return createPortal(
    <div className="fixed inset-0 z-50 lg:hidden">
      <div className="slider-backdrop absolute inset-0 bg-black/60" aria-hidden="true" onClick={close} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        className="admin-slider-panel absolute inset-y-0 left-0 flex w-[min(18rem,85vw)] flex-col gap-6 overflow-y-auto bg-surface p-4 shadow-2xl"
      >
        <div className="flex items-center justify-between gap-2">
          {/* Inside the admin the logo is not a link. */}
          <Logo />
          <button type="button" aria-label="Close menu" onClick={close} className="icon-btn" data-autofocus>
            <X aria-hidden="true" className="size-6" />
          </button>
        </div>
        <AdminSectionNav onNavigate={close} />
      </div>
    </div>,
    document.body,
  );
}
