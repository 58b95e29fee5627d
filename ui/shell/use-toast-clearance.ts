import { useLayoutEffect, type RefObject } from "react";
import { TOAST_CLEARANCE_PROPERTY } from "../feedback/toast-constants.ts";

/**
 * Keeps toasts below a layout's header bar: publishes how far down the page the bar reaches (its
 * bottom, page coordinates, so a scrolled page never brings a toast over it) while the layout is
 * shown, and follows the bar's size when its breadcrumb wraps on a narrow screen.
 */
export function useToastClearance(bar: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = bar.current;
    if (element === null) return;
    const root = element.ownerDocument.documentElement;
    const view = element.ownerDocument.defaultView;
    const update = () => {
      const bottom = element.getBoundingClientRect().bottom + (view?.scrollY ?? 0);
      root.style.setProperty(TOAST_CLEARANCE_PROPERTY, `${String(Math.ceil(bottom))}px`);
    };
    update();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(update);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(TOAST_CLEARANCE_PROPERTY);
    };
  }, [bar]);
}
