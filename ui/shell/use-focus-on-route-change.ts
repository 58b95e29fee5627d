import { useEffect, type RefObject } from "react";
import { useLocation } from "wouter";

// The path the shell last showed, shared by every layout: moving between a main and a create
// page swaps layouts, and that is still a route change.
let lastPath: string | null = null;

/**
 * After a client-side navigation, focus moves to the page's <main> so screen-reader users hear
 * the new page and keyboard users start from its top. Not on the first page of a visit (the skip
 * link stays the first stop), and not when the page already put focus inside <main> itself
 * (the settings tabs keep focus on the tab that was chosen).
 */
export function useFocusOnRouteChange(main: RefObject<HTMLElement | null>): void {
  const [path] = useLocation();
  useEffect(() => {
    const previous = lastPath;
    lastPath = path;
    const element = main.current;
    if (previous === null || previous === path || element === null) return;
    const active = document.activeElement;
    if (active !== null && active !== document.body && element.contains(active)) return;
    element.focus({ preventScroll: false });
  }, [path, main]);
}

/** Forgets the last path, as a fresh page load would; tests call it between renders. */
export function resetRouteFocusMemory(): void {
  lastPath = null;
}
