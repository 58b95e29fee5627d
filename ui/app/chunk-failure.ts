/**
 * What the browsers say when a page's code does not arrive (Chromium and Firefox: "…dynamically
 * imported module: <address>", Safari: "Importing a module script failed") or its style sheet does
 * not (Vite's loader): a dropped connection, or a portal updated since the tab opened, whose old
 * files are gone. Their own words name a file's address and say nothing to a clinician. One
 * expression: this module rides in the sign-in entry, whose budget is counted in bytes.
 */
const CHUNK_FAILURE = /dynamically imported module|importing a module script failed|unable to preload css/i;

/** The message for a page whose code could not be loaded: what happened, and what Reload does. */
export const CHUNK_FAILURE_MESSAGE = "This page could not be loaded: the connection may have dropped, or the portal was updated. Reload to load it again.";

/** Whether an error's message is a browser's (or the loader's) for code that did not arrive. */
export const isChunkFailure = (message: string): boolean => CHUNK_FAILURE.test(message);
