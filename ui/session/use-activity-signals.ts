import { useEffect, useRef } from "react";

/** Deliberate use of the page: each one counts at once. */
export const ACTIVITY_EVENTS = ["pointerdown", "keydown", "wheel", "touchstart"] as const;

/** Continuous use (a moving pointer, a scrolling list): counted at most once per ACTIVITY_THROTTLE_MS. */
export const THROTTLED_ACTIVITY_EVENTS = ["pointermove", "scroll"] as const;

/** The idle clock counts in minutes; one signal a second is plenty and costs nothing while the mouse moves. */
export const ACTIVITY_THROTTLE_MS = 1_000;

/**
 * Calls `onActivity` whenever the person uses the page. Listeners sit on the window in the capture
 * phase, so scrolling inside a table (scroll does not bubble) and keys a widget stops still count.
 */
export function useActivitySignals(onActivity: () => void, target: Window = window): void {
  const latest = useRef(onActivity);
  useEffect(() => {
    latest.current = onActivity;
  });

  useEffect(() => {
    const options: AddEventListenerOptions = { capture: true, passive: true };
    let lastThrottled = Number.NEGATIVE_INFINITY;
    const immediate = () => latest.current();
    const throttled = () => {
      const now = Date.now();
      if (now - lastThrottled < ACTIVITY_THROTTLE_MS) return;
      lastThrottled = now;
      latest.current();
    };
    for (const type of ACTIVITY_EVENTS) target.addEventListener(type, immediate, options);
    for (const type of THROTTLED_ACTIVITY_EVENTS) target.addEventListener(type, throttled, options);
    return () => {
      for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, immediate, options);
      for (const type of THROTTLED_ACTIVITY_EVENTS) target.removeEventListener(type, throttled, options);
    };
  }, [target]);
}
