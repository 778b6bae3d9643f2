import { LIGHT_THEME_CLASS, THEME_STORAGE_KEY } from "@common/ui";

/**
 * localStorage holds "true" (dark) or "false" under the dark-theme key; anything
 * else means light. The light theme is the `light-theme` class on the app root (<html>).
 * This script runs inline in <head>, before first paint, so a reload never flashes the other theme.
 */
export const THEME_BOOTSTRAP = `try{document.documentElement.classList.toggle(${JSON.stringify(
  LIGHT_THEME_CLASS,
)},localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})!=="true")}catch(e){document.documentElement.classList.add(${JSON.stringify(LIGHT_THEME_CLASS)})}`;

export function isDarkTheme(): boolean {
  return !document.documentElement.classList.contains(LIGHT_THEME_CLASS);
}

/** Flips the theme, stores the new value and applies it to the app root. Returns true when dark. */
export function toggleTheme(): boolean {
  const dark = !isDarkTheme();
  try {
    localStorage.setItem(THEME_STORAGE_KEY, String(dark));
  } catch {
    // Private mode: the theme still applies for this page view.
  }
  document.documentElement.classList.toggle(LIGHT_THEME_CLASS, !dark);
  return dark;
}
