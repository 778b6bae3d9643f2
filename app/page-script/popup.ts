import { POPUP_EXIT_MS } from "@common/ui";

/**
 * The landing popup: focus moves into it; 'Close' (its `method="dialog"` form, which closes it
 * without JavaScript) or Escape inside it plays the 1.8 s exit animation, gives focus back, then
 * closes it. With reduced motion the animation is skipped but the card still goes after the delay.
 */
export function enhancePopup() {
  const card = document.querySelector<HTMLDialogElement>("dialog[data-landing-popup]");
  if (!card?.open) return;
  const opener = document.activeElement as HTMLElement | null;
  card.focus({ preventScroll: true });
  const close = () => {
    if (card.dataset.phase !== "open") return;
    card.dataset.phase = "closing";
    card.inert = true;
    card.classList.replace("overlay-fade", "landing-popup-exit");
    if (opener?.isConnected && opener !== document.body) opener.focus({ preventScroll: true });
    else (document.getElementById("main") ?? document.body).focus({ preventScroll: true });
    setTimeout(() => {
      card.dataset.phase = "closed";
      card.close();
    }, POPUP_EXIT_MS);
  };
  card.addEventListener("submit", (event) => {
    event.preventDefault();
    close();
  });
  card.addEventListener("keydown", (event) => {
    if (event.key === "Escape") close();
  });
}
