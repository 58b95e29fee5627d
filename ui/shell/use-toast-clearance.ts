import { useLayoutEffect, type RefObject } from "react";
import { TOAST_CLEARANCE_PROPERTY } from "../feedback/toast-constants.ts";

/**
 * Keeps toasts below a layout's header bar: publishes how far down the page the bar reaches (its
 * bottom, page coordinates, so a scrolled page never brings a toast over it) while the layout is
 * shown, and follows the bar's size when its breadcrumb wraps on a narrow screen.
 *
 * Measured from the ResizeObserver's callbacks only (issue 35): it reports every observed element
 * once when observation starts, after the browser's own layout, so reading the bar's box there
 * costs nothing. Reading it in the layout effect forced the whole new page's first layout inside
 * React's commit (40-90 ms on a 4x slower CPU, one long task instead of two shorter ones). The
 * property is written only when it changes: a custom property on the root restyles the document.
 */
export function useToastClearance(bar: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = bar.current;
    if (element === null) return;
    const root = element.ownerDocument.documentElement;
    const view = element.ownerDocument.defaultView;
    let published = "";
    const update = () => {
      const bottom = `${String(Math.ceil(element.getBoundingClientRect().bottom + (view?.scrollY ?? 0)))}px`;
      if (bottom === published) return;
      published = bottom;
      root.style.setProperty(TOAST_CLEARANCE_PROPERTY, bottom);
    };
    // Without ResizeObserver (old browsers, test DOMs) the bar is measured once, now.
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(update);
    if (observer === null) update();
    else observer.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(TOAST_CLEARANCE_PROPERTY);
    };
  }, [bar]);
}
