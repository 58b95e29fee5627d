import { useEffect, useRef } from "react";

// React Aria's own figures (react-aria/private/live-announcer): an announcement stays in the
// announcer's log for 7 s, and the very first one of a page is added 100 ms late.
const ANNOUNCEMENT_LIFETIME_MS = 7_000;
/** When to look again after the button left: a late first announcement, and a busy machine's late timers. */
const PRUNE_AFTER_MS = [200, 1_000, 3_000] as const;

/**
 * Removes the announcer's nodes that read another element by reference (aria-labelledby) when that
 * element is gone: nothing a screen reader could read, and axe's role-img-alt. Nodes whose
 * element is still on the page are left as they are.
 */
const pruneDanglingAnnouncements = (): void => {
  // A late timer or observer may run after the page (or a test's document) is gone.
  if (typeof document === "undefined") return;
  for (const node of document.querySelectorAll<HTMLElement>("[data-live-announcer] [aria-labelledby]")) {
    const ids = (node.getAttribute("aria-labelledby") ?? "").split(/\s+/).filter((id) => id !== "");
    if (ids.some((id) => document.getElementById(id) === null)) node.remove();
  }
};

/**
 * A React Aria button that turns pending while focused announces itself by reference: its global
 * announcer gets `<div role="img" aria-labelledby="{button id}">`, kept 7 s. When the button then
 * leaves the page (Sign in and Verify navigate on success, a dialog closes), that node points at an
 * id that no longer exists. So a button that was pending within that time prunes such nodes when it
 * unmounts, and again a few times after: the announcement may still be on its way (React Aria adds
 * the first one late, and a loaded machine runs timers late), which a single early clear missed.
 */
export function usePendingAnnouncementCleanup(isPending: boolean): void {
  const pendingAt = useRef<number | null>(null);
  useEffect(() => {
    if (isPending) pendingAt.current = Date.now();
  }, [isPending]);
  useEffect(
    () => () => {
      const since = pendingAt.current;
      if (since === null || Date.now() - since > ANNOUNCEMENT_LIFETIME_MS) return;
      pruneDanglingAnnouncements();
      // A late node is pruned as soon as it is added (before anything reads the page), and the
      // timers cover a browser without MutationObserver.
      const watcher = typeof MutationObserver === "undefined" ? null : new MutationObserver(pruneDanglingAnnouncements);
      watcher?.observe(document.body, { childList: true, subtree: true });
      for (const delay of PRUNE_AFTER_MS) setTimeout(pruneDanglingAnnouncements, delay);
      setTimeout(() => watcher?.disconnect(), PRUNE_AFTER_MS[PRUNE_AFTER_MS.length - 1]);
    },
    [],
  );
}
