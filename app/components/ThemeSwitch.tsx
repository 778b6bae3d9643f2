import { Moon, Sun } from "lucide-react";
import { useDarkTheme } from "~/lib/theme-store";

/** The switch's drawing: a `role="switch"` named 'Dark theme'. */
function SwitchButton(props: { dark: boolean; onClick?: () => void; pageScript?: boolean }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={props.dark}
      aria-label="Dark theme"
      onClick={props.onClick}
      data-theme-switch={props.pageScript ? "" : undefined}
      suppressHydrationWarning
      className="relative inline-flex h-8 w-14 shrink-0 items-center rounded-full border border-border bg-surface-2 px-1"
    >
      {/* The knob's side follows the html class, so it is right before any script runs. */}
      <span className="theme-knob inline-flex size-6 items-center justify-center rounded-full bg-brand text-on-brand transition-transform">
        <Moon aria-hidden="true" className="theme-icon-dark size-4" />
        <Sun aria-hidden="true" className="theme-icon-light size-4" />
      </span>
    </button>
  );
}

/** The admin's theme toggle, run by React. */
export function ThemeSwitch() {
  const [dark, toggle] = useDarkTheme();
  return <SwitchButton dark={dark} onClick={toggle} />;
}

/**
 * The public pages' theme toggle: HTML the page script runs (app/page-script/theme.ts), on pages
 * with or without React. Without JavaScript it is hidden and the system's setting chooses.
 */
export function PageThemeSwitch() {
  return <SwitchButton dark pageScript />;
}
