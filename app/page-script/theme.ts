import { isDarkTheme, toggleTheme } from "~/lib/theme";

const SWITCH = "[data-theme-switch]";

/** Every theme switch on the page (header and menu) shows the theme the html class has. */
function showTheme() {
  const dark = String(isDarkTheme());
  for (const button of document.querySelectorAll(SWITCH)) button.setAttribute("aria-checked", dark);
}

/** The theme switch: flips the stored theme and the html class (app/lib/theme.ts). */
export function enhanceTheme() {
  showTheme();
  document.addEventListener("click", (event) => {
    if (!(event.target instanceof Element) || !event.target.closest(SWITCH)) return;
    toggleTheme();
    showTheme();
  });
}
