import { useEffect, useLayoutEffect } from "react";

export const productName = "Speech therapy care portal";

// The tab's title is the page's name with, in front, the chat's unread count ("(3) "), which the
// chat's stream sets in every tab while pages set their names: one place joins the two, so
// neither overwrites the other. Module state, as document.title itself is one per tab.
let pageName = productName;
let count = 0;
// Set only when it changes: the setter tells the browser and its accessibility tree every time, and
// ran 4-5 ms a call on the trace of a record's load, where the route and the page name it alike.
const showTitle = (): void => {
  const title = `${count > 0 ? `(${count}) ` : ""}${pageName}`;
  if (document.title !== title) document.title = title;
};

/** The unread count shown before the page's name in the tab's title (0 shows none). */
export function showTitleCount(unread: number): void {
  count = unread;
  showTitle();
}

// Each page names itself first so browser tabs, history and screen readers tell pages apart
// (WCAG 2.4.2).
export function useDocumentTitle(pageTitle: string): void {
  useEffect(() => {
    pageName = `${pageTitle} – ${productName}`;
    showTitle();
  }, [pageTitle]);
}

/**
 * The route's declared title, set in a layout effect so it lands before any page's own
 * useDocumentTitle (passive effects run after layout effects): every page is named, lazy ones
 * included, and a page that names itself more precisely (a settings tab) still has the last word.
 */
export function useRouteDocumentTitle(routeTitle: string): void {
  useLayoutEffect(() => {
    pageName = `${routeTitle} – ${productName}`;
    showTitle();
  }, [routeTitle]);
}
