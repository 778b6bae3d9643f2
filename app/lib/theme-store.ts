import { useSyncExternalStore } from "react";
import { isDarkTheme, toggleTheme } from "./theme";

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the dark theme is on; every switch on the page (header, slider) stays in step. */
export function useDarkTheme(): [boolean, () => void] {
  // The server cannot know the stored theme: it renders "dark" (the default) and the client
  // snapshot takes over right after hydration. Colours never depend on this value, only on the
  // class the bootstrap script set before first paint.
  const dark = useSyncExternalStore(subscribe, isDarkTheme, () => true);
  return [
    dark,
    () => {
      toggleTheme();
      for (const listener of listeners) listener();
    },
  ];
}
