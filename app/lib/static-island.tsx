import { type ComponentType, lazy, useLayoutEffect, useRef, useState } from "react";

/** True until the first page has hydrated (root.tsx calls `hydrationDone`). */
let hydrating = typeof document !== "undefined";

/** Called once the first page has hydrated: islands mounted from now on are drawn in the browser. */
export function hydrationDone() {
  hydrating = false;
}

/** Whether the first page is still hydrating (what it shows must match the server's HTML). */
export const stillHydrating = () => hydrating;

const KEEP_SERVER_HTML = { __html: "" };

/**
 * A part of a page with nothing to hydrate (artwork, marks): the server renders it into the HTML;
 * hydration keeps that HTML as it is (a `dangerouslySetInnerHTML` element is never re-rendered
 * while its value stays the same), so the first visit loads none of its code and spends no
 * main-thread time on it. Only a page drawn in the browser (a client-side navigation) fetches it,
 * from its own chunk, and the navigation waits for it like a lazy section (no fallback shown).
 * The wrapper is `display: contents`: the part lays out as if it were there alone. The part must
 * have no state or handlers (they would never run on a first visit): decision 0032.
 */
export function staticIsland(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Part = lazy(load);
  // Called once per island at module level, never during render, so the component is stable.
  // biome-ignore lint/correctness/noComponentHookFactories: see above
  return function StaticIsland() {
    const [fromServer, setFromServer] = useState(hydrating);
    const kept = useRef<HTMLDivElement>(null);
    // Should React have drawn this part afresh in the browser after all (it does so with a whole
    // section whose HTML did not match), there is no server HTML to keep: draw it here instead.
    useLayoutEffect(() => {
      if (kept.current && !kept.current.hasChildNodes()) setFromServer(false);
    }, []);
    return fromServer ? (
      <div
        ref={kept}
        className="contents"
        dangerouslySetInnerHTML={KEEP_SERVER_HTML}
        suppressHydrationWarning
      />
    ) : (
      <div className="contents">
        <Part />
      </div>
    );
  };
}
