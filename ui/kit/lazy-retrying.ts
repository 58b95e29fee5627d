import { type ComponentType, lazy } from "react";

/** The waits between tries of a background part's chunk: soon at first, then every half minute. */
export const RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;

/** Resolves when the browser says it is online again, or after `ms` while it believes it is. */
const pauseBeforeRetry = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    if (typeof navigator !== "undefined" && !navigator.onLine) {
      window.addEventListener("online", () => resolve(), { once: true });
      return;
    }
    window.setTimeout(resolve, ms);
  });

/**
 * A part the signed-in area runs beside every page (the idle sign-off, the chat's stream), loaded
 * after the heading: its chunk is fetched again until it arrives. React.lazy alone threw a failed
 * fetch (a dropped Wi-Fi, a moment offline) to the app's error boundary, which replaced the page the
 * clinician was working on with "Unexpected Application Error!" for a part they had not asked for.
 * Meanwhile the part shows its Suspense fallback; once online again (the browser's `online` event) or
 * after the next wait, it is asked for again. Not for pages: a page that cannot load says so itself.
 */
export const lazyRetrying = <P extends object>(load: () => Promise<ComponentType<P>>, delaysMs: readonly number[] = RETRY_DELAYS_MS) =>
  lazy(async () => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return { default: await load() };
      } catch {
        await pauseBeforeRetry(delaysMs[Math.min(attempt, delaysMs.length - 1)] ?? 30_000);
      }
    }
  });
