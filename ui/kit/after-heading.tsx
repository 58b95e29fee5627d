import { type ReactNode, startTransition, useEffect, useState } from "react";

/**
 * Renders its children only after the render it is part of has been committed, so a lazy part
 * below a page's heading (the work timer, the record's app and monitoring sections) asks for its
 * chunk after the heading is in the document, not while it renders (issue 35): the effect runs
 * after the commit and sets a task, which the browser runs after it has had the chance to paint. scripts/bundle-report.mjs counts a lazy chunk as
 * loaded before the heading unless its LOADED_LATER names it; the chunks loaded through here are
 * named there. `fallback` holds the place meanwhile (the same as the Suspense fallback around it,
 * so nothing moves when the chunk is asked for).
 */
export function AfterHeading({ children, fallback = null }: { readonly children: ReactNode; readonly fallback?: ReactNode }) {
  const [committed, setCommitted] = useState(false);
  useEffect(() => {
    // In a transition: the sections below the heading render in slices of about 5 ms, not in one
    // task of 100-400 ms on a 4x slower CPU (issue 35, blocking time); the fallback stays until
    // they commit, and each lazy part's own Suspense shows that same fallback while it loads.
    const task = window.setTimeout(() => startTransition(() => setCommitted(true)), 0);
    return () => window.clearTimeout(task);
  }, []);
  return committed ? children : fallback;
}
