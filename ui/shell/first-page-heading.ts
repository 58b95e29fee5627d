import { useSyncExternalStore } from "react";
import { pageHeadingIn } from "./route-focus.tsx";

/**
 * Whether the first page of this visit has shown its heading, loaded (issue 35). What the signed-in area
 * runs beside every page but no page needs to draw itself (the idle sign-off, the chat's live
 * stream) waits for it, so its code does not share a slow phone's connection with the page's own
 * chunk and reads. Once true it stays true: later pages arrive with that code already loaded.
 *
 * One observer for the whole app, started by the first subscriber and stopped once the heading is
 * there. FALLBACK_MS is the safety net of a page that never shows an h1 (a crash screen without
 * one): the idle sign-off must still arm.
 */
const FALLBACK_MS = 10_000;

let shown = false;
let observer: MutationObserver | null = null;
let fallback: number | null = null;
const listeners = new Set<() => void>();

// A loading screen has its h1 too ("Loading the portal", a page's own while its data comes, with
// <main> or a status in it busy): only a page that is no longer loading counts, else its chunks
// would share the connections with the page's (seen in a session detail's waterfall).
const headingInDocument = (): boolean => {
  const main = document.querySelector("main");
  if (main?.getAttribute("aria-busy") === "true") return false;
  const scope = main ?? document.body;
  if (scope.querySelector('[role="status"][aria-busy="true"]') !== null) return false;
  return pageHeadingIn(scope) !== null;
};

const markShown = (): void => {
  if (shown) return;
  shown = true;
  observer?.disconnect();
  observer = null;
  if (fallback !== null) window.clearTimeout(fallback);
  fallback = null;
  for (const listener of listeners) listener();
};

const watch = (): void => {
  if (shown || observer !== null) return;
  if (headingInDocument()) {
    markShown();
    return;
  }
  observer = new MutationObserver(() => {
    if (headingInDocument()) markShown();
  });
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["style", "aria-busy"] });
  fallback = window.setTimeout(markShown, FALLBACK_MS);
};

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  watch();
  return () => listeners.delete(listener);
};

/** True once the first page's h1 is in the document (or FALLBACK_MS after the first ask). */
export function useFirstPageHeadingShown(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => shown,
    () => false,
  );
}
