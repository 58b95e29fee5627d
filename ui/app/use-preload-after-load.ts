import { useEffect } from "react";
import type { PageChunk } from "../shell/page-chunk.tsx";

// Waits for the page's own load (so its first paint and Lighthouse's largest paint are not slowed
// by these downloads), then for an idle moment where the browser offers one.
const afterLoad = (run: () => void): (() => void) => {
  let cancelled = false;
  const start = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(() => !cancelled && run());
    else window.setTimeout(() => !cancelled && run(), 0);
  };
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener("load", start);
  };
};

/** Fetches the pages a person is likely to see next once the current page has loaded. */
export function usePreloadAfterLoad(pages: readonly Pick<PageChunk<object>, "preload">[]): void {
  useEffect(() => afterLoad(() => pages.forEach((page) => void page.preload().catch(() => undefined))), [pages]);
}
