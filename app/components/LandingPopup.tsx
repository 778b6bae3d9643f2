import { POPUP_EXIT_MS } from "@common/constants";
import type { ActivePopup } from "@common/popup";
import { ArrowRight, X } from "lucide-react";
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useFocusTrap } from "~/lib/focus-trap";

/** Focus inside the popup while it is open; given back when it starts closing. */
function FocusInside({ panel, onEscape }: { panel: RefObject<HTMLDivElement | null>; onEscape(): void }) {
  useFocusTrap(panel, onEscape);
  return null;
}

/**
 * SPEC section 2, landing page: the active popup. Server-rendered in a fixed layer, so it is in
 * the first paint and shifts nothing; after hydration focus moves in. 'Close' (or Escape) plays
 * the 1.8 s exit animation, then removes it; with reduced motion it simply stays still until then.
 */
export function LandingPopup({ popup }: { popup: ActivePopup }) {
  const [phase, setPhase] = useState<"open" | "closing" | "closed">("open");
  const panel = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setPhase((current) => (current === "open" ? "closing" : current)), []);

  useEffect(() => {
    if (phase !== "closing") return;
    const timer = setTimeout(() => setPhase("closed"), POPUP_EXIT_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  if (phase === "closed") return null;
  const closing = phase === "closing";
  return (
    <div
      className={`fixed inset-0 z-[60] flex items-end justify-center p-4 sm:items-center ${closing ? "pointer-events-none" : ""}`}
      inert={closing}
    >
      <div
        aria-hidden="true"
        className={`absolute inset-0 bg-black/60 ${closing ? "landing-popup-backdrop-exit" : ""}`}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby="landing-popup-title"
        aria-describedby="landing-popup-content"
        data-phase={phase}
        className={`card relative w-full max-w-md p-6 sm:p-8 ${closing ? "landing-popup-exit" : ""}`}
      >
        <button type="button" onClick={close} className="icon-btn absolute top-3 right-3" aria-label="Close">
          <X aria-hidden="true" className="size-5" />
        </button>
        <p className="eyebrow pr-10">Fenland Organics</p>
        <h2 id="landing-popup-title" className="h-card mt-2 pr-8">
          {popup.title}
        </h2>
        <p id="landing-popup-content" className="mt-3 whitespace-pre-line text-muted">
          {popup.content}
        </p>
        <Link to={popup.navigation} className="btn btn-primary mt-6 w-full" data-autofocus>
          Book Your Free Review Now
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      {phase === "open" && <FocusInside panel={panel} onEscape={close} />}
    </div>
  );
}
