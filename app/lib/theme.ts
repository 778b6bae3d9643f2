import { DARK_THEME_CLASS, LIGHT_THEME_CLASS, THEME_STORAGE_KEY } from "@common/ui";

const LIGHT = JSON.stringify(LIGHT_THEME_CLASS);
const DARK = JSON.stringify(DARK_THEME_CLASS);

/**
 * localStorage holds "true" (dark) or "false" under the dark-theme key; anything
 * else means light. The light theme is the `light-theme` class on the app root (<html>), the dark
 * one `dark-theme`; with neither (no JavaScript) the stylesheet follows the system's setting.
 * This script runs inline in <head>, before first paint, so a reload never flashes the other theme.
 */
export const THEME_BOOTSTRAP = `(()=>{const c=document.documentElement.classList;let d=false;try{d=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})==="true"}catch(e){}c.toggle(${LIGHT},!d);c.toggle(${DARK},d)})()`;

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
  document.documentElement.classList.toggle(DARK_THEME_CLASS, dark);
  return dark;
}
