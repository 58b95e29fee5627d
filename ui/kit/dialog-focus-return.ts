import { useEffect, useRef } from "react";

// React Aria gives the focus back to the element that opened a dialog, when that element is still
// on the page. A confirmed action often removes it ("Deactivate" becomes "Activate" once the
// patient is inactive): the focus would fall to <body>, the page's very top, and a keyboard user
// starts again from the skip link. Then the page's heading takes it instead: the screen reader says
// where the person is, and the next Tab continues in the page.
const LONGEST_WAIT_MS = 1_000;

const isOnNothing = (active: Element | null): boolean => active === null || active === document.body;
const inDialog = (active: Element | null): boolean => active?.closest('[role="dialog"], [role="alertdialog"]') != null;

/** The page's h1 (in <main> when there is one), made focusable by script only so it is no Tab stop. */
export function pageHeading(): HTMLElement | null {
  const scope = document.querySelector("main") ?? document.body;
  const heading = scope.querySelector<HTMLElement>("h1");
  if (heading !== null && !heading.hasAttribute("tabindex")) heading.tabIndex = -1;
  return heading;
}

/**
 * When a dialog closes and the focus has nowhere to go back to (its opener is gone), the page's
 * heading takes it. Watches the frames after the close, while React Aria restores the focus and
 * the page redraws, and stops at the first one where the focus is somewhere (or after a second).
 */
export function useDialogFocusReturn(isOpen: boolean): void {
  const wasOpen = useRef(false);
  // What had the focus outside any dialog while this one was closed: its opener, once it opens.
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    const closed = wasOpen.current && !isOpen;
    wasOpen.current = isOpen;
    if (!closed) return;
    // Read now: the focus React Aria restores is tracked as the next opener.
    const closedOpener = opener.current;
    const until = Date.now() + LONGEST_WAIT_MS;
    let frame = 0;
    const check = () => {
      const active = document.activeElement;
      // The opener is gone: <body>, or a fallback outside the page's content (the skip link), is not
      // where the person was; the heading is a known place to continue from. A field the page chose
      // to focus in its content keeps the focus. On <body> with the opener still there, the opener
      // (as React Aria would, whichever of us looks first).
      const openerGone = closedOpener === null || !closedOpener.isConnected;
      const outsideContent = active !== null && active.closest("main") === null && !inDialog(active);
      if (openerGone && (isOnNothing(active) || outsideContent)) {
        pageHeading()?.focus();
        return;
      }
      if (isOnNothing(active) && closedOpener instanceof HTMLElement) {
        closedOpener.focus();
        return;
      }
      // Still inside the closing dialog (its exit animation): wait for it to go.
      if (inDialog(active) && Date.now() < until) frame = requestAnimationFrame(check);
    };
    frame = requestAnimationFrame(check);
    return () => cancelAnimationFrame(frame);
  }, [isOpen]);
  useEffect(() => {
    if (isOpen) return;
    const track = (event: FocusEvent) => {
      if (event.target instanceof Element && !inDialog(event.target)) opener.current = event.target;
    };
    if (!inDialog(document.activeElement) && !isOnNothing(document.activeElement)) opener.current = document.activeElement;
    document.addEventListener("focusin", track);
    return () => document.removeEventListener("focusin", track);
  }, [isOpen]);
}
