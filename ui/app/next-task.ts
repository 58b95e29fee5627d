type YieldingScheduler = { readonly yield?: () => Promise<void> };

/**
 * Resolves in a later task of the page's event loop, so the work before it ends its task there
 * and the browser may run input, paint or another script in between (issue 35, blocking time:
 * every task counts beyond its first 50 ms on Lighthouse's 4x slower phone). Chromium's
 * `scheduler.yield()` runs the continuation ahead of other queued tasks of its priority, so the
 * work after it waits as little as it can; elsewhere a timer.
 */
export const nextTask = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
};
