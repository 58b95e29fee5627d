import { type ReactNode, useEffect, useState } from "react";

/** How long after start-up the deferred parts mount: past a slow phone's first page (issue 23). */
export const AFTER_ARRIVAL_MS = 4_000;

/**
 * Renders its children a few seconds after the app starts. For parts nobody needs at once whose
 * code is a lazy chunk (the idle sign-off and its warning dialog, needed after 30 minutes): over
 * HTTP/1.1 the browser fetches six files at a time from the portal, and those files would queue
 * ahead of the arrival page's own code and data.
 */
export function AfterArrival({ children, delayMs = AFTER_ARRIVAL_MS }: { readonly children: ReactNode; readonly delayMs?: number }) {
  const [arrived, setArrived] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setArrived(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs]);
  return arrived ? children : null;
}
