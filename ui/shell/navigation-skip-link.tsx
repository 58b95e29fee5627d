import { useLayoutEffect, useState, type MouseEvent } from "react";
import { createPortal } from "react-dom";
import { pageHeadingIn } from "./route-focus.tsx";
import { MAIN_CONTENT_ID, MAIN_NAVIGATION_ID } from "./shell-constants.ts";
import * as styles from "./layouts.css.ts";

/** Focuses the first entry of the sidebar (the strip widens on focus, so its labels show). */
function skipToNavigation(event: MouseEvent<HTMLAnchorElement>): void {
  const entry = document.getElementById(MAIN_NAVIGATION_ID)?.querySelector<HTMLElement>("ul a[href]") ?? null;
  if (entry === null) return;
  event.preventDefault();
  entry.focus();
}

/**
 * "Skip to navigation", the first Tab stop after the page's h1 (issue 31): after a navigation the
 * focus is on the heading, and the sidebar, which comes before <main>, would otherwise be a Tab
 * through the whole page away. Pages own their h1, so the link is rendered through a portal into
 * a host kept right after whichever h1 <main> shows (the loading heading, then the page's); it is
 * visually hidden until focused. Hosted by the layouts that have a sidebar.
 */
export function NavigationSkipLink() {
  const [host] = useState(() => {
    const element = document.createElement("span");
    // No box of its own, so a flex header row with a gap does not grow an empty item.
    element.style.display = "contents";
    return element;
  });
  useLayoutEffect(() => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (main === null) return;
    const place = () => {
      const heading = pageHeadingIn(main);
      if (heading === null) host.remove();
      else if (heading.nextSibling !== host) heading.after(host);
    };
    place();
    // Runs again whenever the page replaces its heading; re-placing the host is itself a mutation,
    // but a host already in place changes nothing, so the observer settles at once.
    const observer = new MutationObserver(place);
    observer.observe(main, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      host.remove();
    };
  }, [host]);
  return createPortal(
    <a href={`#${MAIN_NAVIGATION_ID}`} className={styles.navigationSkipLink} onClick={skipToNavigation}>
      Skip to navigation
    </a>,
    host,
  );
}
