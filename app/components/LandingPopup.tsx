import type { ActivePopup } from "@common/popup";
import { POPUP_EXIT_MS } from "@common/ui";
import { ArrowRight, X } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";

/**
 * The landing page's active popup, as a non-modal card in a fixed layer under the
 * header. It is in the server-rendered HTML, so it is part of the first paint and shifts nothing,
 * and it never blocks the page, the header, the menu or the cookie banner (Lighthouse, and
 * search engines' rule against intrusive interstitials). After hydration focus moves into it;
 * 'Close' (or Escape inside it) plays the 1.8 s exit animation, gives focus back, then removes it.
 * With reduced motion the animation is skipped but the card still goes after the same delay.
 */
export function LandingPopup({ popup }: { popup: ActivePopup }) {
  const [phase, setPhase] = useState<"open" | "closing" | "closed">("open");
  const card = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    opener.current = document.activeElement as HTMLElement | null;
    card.current?.focus({ preventScroll: true });
  }, []);

  const close = useCallback(() => {
    setPhase((current) => (current === "open" ? "closing" : current));
    const previous = opener.current;
    if (previous?.isConnected && previous !== document.body) previous.focus({ preventScroll: true });
    else (document.getElementById("main") ?? document.body).focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    if (phase !== "closing") return;
    const timer = setTimeout(() => setPhase("closed"), POPUP_EXIT_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  if (phase === "closed") return null;
  const closing = phase === "closing";
  return (
    <div
      ref={card}
      role="dialog"
      aria-labelledby="landing-popup-title"
      aria-describedby="landing-popup-content"
      tabIndex={-1}
      inert={closing}
      data-phase={phase}
      onKeyDown={(event) => {
        if (event.key === "Escape") close();
      }}
      className={`landing-popup card fixed inset-x-3 top-[calc(var(--header-h)+0.75rem)] z-30 p-5 outline-none sm:left-auto sm:w-[24rem] sm:p-6 lg:right-8 ${closing ? "landing-popup-exit" : "overlay-fade"}`}
    >
      <button type="button" onClick={close} className="icon-btn absolute top-2 right-2" aria-label="Close">
        <X aria-hidden="true" className="size-5" />
      </button>
      <p className="eyebrow pr-10">Fenland Organics</p>
      <h2 id="landing-popup-title" className="h-card mt-1 pr-8">
        {popup.title}
      </h2>
      <p id="landing-popup-content" className="mt-2 whitespace-pre-line text-muted">
        {popup.content}
      </p>
      <Link to={popup.navigation} className="btn btn-primary mt-5 w-full">
        Book Your Free Review Now
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </div>
  );
}
