import { clearAnnouncer } from "@react-aria/live-announcer";
import { useEffect, useRef } from "react";

// React Aria's own figures (react-aria/private/live-announcer): an announcement stays in the
// announcer's log for 7 s, and the very first one of a page is added 100 ms late.
const ANNOUNCEMENT_LIFETIME_MS = 7_000;
const FIRST_ANNOUNCEMENT_DELAY_MS = 100;

/**
 * A React Aria button that turns pending while focused announces itself by reference: its global
 * announcer gets `<div role="img" aria-labelledby="{button id}">`, kept 7 s. When the button then
 * leaves the page (Sign in and Verify navigate on success, a dialog closes), that node points at an
 * id that no longer exists: nothing for a screen reader to read, and axe's role-img-alt. So a
 * button that was pending within that time clears the assertive announcements when it unmounts
 * (and once more after React Aria's first-announcement delay, for one still on its way).
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
      clearAnnouncer("assertive");
      setTimeout(() => clearAnnouncer("assertive"), FIRST_ANNOUNCEMENT_DELAY_MS * 2);
    },
    [],
  );
}
