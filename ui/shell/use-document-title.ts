import { useEffect, useLayoutEffect } from "react";

export const productName = "Speech therapy care portal";

// Each page names itself first so browser tabs, history and screen readers tell pages apart
// (WCAG 2.4.2).
export function useDocumentTitle(pageTitle: string): void {
  useEffect(() => {
    document.title = `${pageTitle} – ${productName}`;
  }, [pageTitle]);
}

/**
 * The route's declared title, set in a layout effect so it lands before any page's own
 * useDocumentTitle (passive effects run after layout effects): every page is named, lazy ones
 * included, and a page that names itself more precisely (a settings tab) still has the last word.
 */
export function useRouteDocumentTitle(routeTitle: string): void {
  useLayoutEffect(() => {
    document.title = `${routeTitle} – ${productName}`;
  }, [routeTitle]);
}
