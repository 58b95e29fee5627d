import { createElement, lazy, useState, type ComponentType, type FunctionComponent } from "react";

/** A page loaded on first use (React.lazy) that can also be fetched ahead of time. */
export type LazyPage = FunctionComponent & { readonly preload: () => Promise<unknown> };

/**
 * Wraps a page's dynamic import so rendering it and preloading it share one download: the import
 * starts at most once, whichever asks first. Once the code is there the page renders at once,
 * without suspending (React.lazy alone suspends for a tick even on a preloaded module, which
 * would flash the loading card when the flow moves to a preloaded step).
 */
export const lazyPage = (load: () => Promise<ComponentType>): LazyPage => {
  let pending: Promise<ComponentType> | null = null;
  let loaded: ComponentType | null = null;
  const loadOnce = () =>
    (pending ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  const Lazy = lazy(() => loadOnce().then((component) => ({ default: component })));
  // Chosen once per mounted page: switching from Lazy to the loaded component later would remount
  // the page and lose what was typed into it.
  const Page: FunctionComponent = () => {
    const [component] = useState<ComponentType>(() => loaded ?? Lazy);
    return createElement(component);
  };
  return Object.assign(Page, { preload: loadOnce });
};
