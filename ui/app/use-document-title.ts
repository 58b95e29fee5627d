import { useEffect } from "react";

export const productName = "Speech therapy care portal";

// Each page names itself first so browser tabs, history and screen readers tell pages apart
// (WCAG 2.4.2).
export function useDocumentTitle(pageTitle: string): void {
  useEffect(() => {
    document.title = `${pageTitle} – ${productName}`;
  }, [pageTitle]);
}
