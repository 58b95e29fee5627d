/**
 * Resolves in a later task of the page's event loop (a timer), so the work before it ends its task
 * there and the browser may run input, paint or another script in between (issue 35, blocking time:
 * every task counts beyond its first 50 ms on Lighthouse's 4x slower phone). Chromium's
 * `scheduler.yield()` would run the rest ahead of other queued tasks; it was measured (the cold
 * headings the same within noise), but with its branch the sign-in entry went over its 160 kB
 * budget (160,036 bytes of gzip; docs/session.md, "The app's start in three tasks"), so a timer it is.
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
