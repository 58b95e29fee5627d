/**
 * What the browsers say when a page's code does not arrive (Chromium, Firefox, Safari) or its style
 * sheet does not (Vite's loader): a dropped connection, or a portal updated since the tab opened,
 * whose old files are gone. Their own words name a file's address and say nothing to a clinician.
 */
const CHUNK_FAILURES = [/failed to fetch dynamically imported module/i, /error loading dynamically imported module/i, /importing a module script failed/i, /unable to preload css/i];

/** The message for a page whose code could not be loaded: what happened, and what Reload does. */
export const CHUNK_FAILURE_MESSAGE =
  "This page could not be loaded: the connection may have dropped, or the portal was updated since this tab was opened. Reload to load it again.";

/** Whether an error's message is a browser's (or the loader's) for code that did not arrive. */
export const isChunkFailure = (message: string): boolean => CHUNK_FAILURES.some((pattern) => pattern.test(message));
