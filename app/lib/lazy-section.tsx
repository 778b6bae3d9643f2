import { type ComponentType, lazy } from "react";

/**
 * A page section in its own chunk, loaded lazily in the browser. On the server its module is
 * imported as soon as the route module loads, so even the first request renders it in the same
 * pass: the HTML is whole for search engines and for visitors without JavaScript.
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
  if (import.meta.env.SSR) void start();
  const Lazy = lazy(start);
  // Called once per section at module level, never during render, so the component is stable.
  // biome-ignore lint/correctness/noComponentHookFactories: see above
  return function LazySection() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  };
}
