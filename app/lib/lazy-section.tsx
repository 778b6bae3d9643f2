import { type ComponentType, lazy } from "react";

/**
 * A page section in its own chunk: the page module stays small and the section's code is fetched
 * in parallel, after the page's own. Its import starts when the page module loads, so the server
 * renders it in the same pass (whole HTML for search engines and visitors without JavaScript).
 * There is deliberately no <Suspense> boundary around it: React would stream a large boundary
 * out of line (hidden until a script reveals it); without one, hydration and client navigation
 * simply wait for the chunk, keeping the server's HTML or the previous page on screen.
 */
export function lazySection(load: () => Promise<{ default: ComponentType }>): ComponentType {
  let loaded: ComponentType | undefined;
  let pending: Promise<{ default: ComponentType }> | undefined;
  const start = () => {
    pending ??= load().then((module) => {
      loaded = module.default;
      return module;
    });
    return pending;
  };
  void start();
  const Lazy = lazy(start);
  // Called once per section at module level, never during render, so the component is stable.
  // biome-ignore lint/correctness/noComponentHookFactories: see above
  return function LazySection() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  };
}
