import { Moon, Sun } from "lucide-react";
import { useDarkTheme } from "~/lib/theme-store";

/** The theme toggle: a `role="switch"` named 'Dark theme'. */
export function ThemeSwitch() {
  const [dark, toggle] = useDarkTheme();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={dark}
      aria-label="Dark theme"
      onClick={toggle}
      className="relative inline-flex h-8 w-14 shrink-0 items-center rounded-full border border-border bg-surface-2 px-1"
    >
      {/* The knob's side follows the html class, so it is right before hydration too. */}
      <span className="theme-knob inline-flex size-6 items-center justify-center rounded-full bg-brand text-on-brand transition-transform">
        <Moon aria-hidden="true" className="theme-icon-dark size-4" />
        <Sun aria-hidden="true" className="theme-icon-light size-4" />
      </span>
    </button>
  );
}
