import { lazy, Suspense, useState, useSyncExternalStore } from "react";
import { toastQueue } from "./toast-queue.ts";

// The region and React Aria's toast parts are a chunk of their own. Sign-in shows a toast only
// after an idle sign-off, so most visits to it never download them (docs/session.md, "Bundle").
const ToastRegion = lazy(() => import("./toast-region.tsx").then((module) => ({ default: module.ToastRegion })));

const subscribe = (onChange: () => void): (() => void) => toastQueue.subscribe(onChange);
const anyToastShown = (): boolean => toastQueue.visibleToasts.length > 0;

// Mounted once in app.tsx. The region arrives with the first toast and then stays, so F8 and the
// timers behave exactly as if it had been there from the start (React Aria's region renders
// nothing for an empty queue anyway).
export function ToastOutlet() {
  const showing = useSyncExternalStore(subscribe, anyToastShown);
  const [needed, setNeeded] = useState(showing);
  // Remembered during render (React's "information from previous renders" pattern), not in an effect.
  if (showing && !needed) setNeeded(true);
  if (!needed && !showing) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}
