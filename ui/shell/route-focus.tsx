import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation } from "wouter";

/**
 * Put on the one element a page wants to start from instead of its h1 (the code field of the code
 * step). On a wrapper, the first field or button inside it takes the focus.
 */
export const ROUTE_FOCUS_ATTRIBUTE = "data-route-focus";

/** How React hides the content a re-suspended boundary keeps while its fallback shows. */
const HIDDEN_BY_SUSPENSE = '[style*="display: none"]';

const FOCUSABLE = "input:not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled])";

/**
 * Where a page starts for keyboard and screen-reader users: the element marked with
 * ROUTE_FOCUS_ATTRIBUTE, else the page's h1 (made focusable by script only, tabIndex -1, so it is
 * no Tab stop), else <main>. Null while no page is rendered (a redirect is on its way).
 */
export function routeFocusTarget(document: Document): HTMLElement | null {
  const main = document.querySelector<HTMLElement>("main");
  const scope = main ?? document.body;
  const marked = scope.querySelector<HTMLElement>(`[${ROUTE_FOCUS_ATTRIBUTE}]`);
  const field = marked === null ? null : marked.matches(FOCUSABLE) ? marked : marked.querySelector<HTMLElement>(FOCUSABLE);
  if (field !== null) return field;
  const heading = pageHeadingIn(scope);
  if (heading !== null) {
    if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
    return heading;
  }
  return main !== null && main.hasAttribute("tabindex") ? main : null;
}

/**
 * The h1 of the page shown in `scope`, skipping a page React has hidden while its successor loads
 * (a Suspense boundary kept in place shows its fallback beside the old content, which it hides
 * with display: none): that h1 cannot take focus.
 */
export function pageHeadingIn(scope: ParentNode): HTMLElement | null {
  return [...scope.querySelectorAll<HTMLElement>("h1")].find((candidate) => candidate.closest(HIDDEN_BY_SUSPENSE) === null) ?? null;
}

type FocusMemory = {
  lastPath: string | null;
  /** A key, pointer or click has happened: until then path changes are redirects of the first load. */
  interacted: boolean;
  /** A navigation happened and its page has not received the focus yet. */
  pending: boolean;
  lastFocused: Element | null;
  lastFocusedInMain: boolean;
};

const isOnNothing = (active: Element | null): boolean => active === null || active === active.ownerDocument.body;

/** Inside content a re-suspended boundary hides: it cannot keep the focus. */
const isHidden = (element: Element): boolean => element.closest(HIDDEN_BY_SUSPENSE) !== null;

// Runs after each render of a new path and after every change of the page's DOM.
function settle(memory: FocusMemory): void {
  const active = document.activeElement;
  if (memory.pending) {
    const target = routeFocusTarget(document);
    if (target === null) return;
    memory.pending = false;
    // A page that moved the focus into its own content (a settings tab after an arrow key) keeps it;
    // not the old page's link that React has hidden while the new page's code loads: the browser
    // is about to drop that focus to <body>.
    const main = target.closest("main");
    if (active !== null && !isOnNothing(active) && active !== target && main !== null && main.contains(active) && !isHidden(active)) return;
    target.focus();
    return;
  }
  // The focused part of the page was replaced (a loading heading by the page's own, a button that
  // unmounted): the focus would stay on <body>, so the page's start takes it. Dialogs and toasts
  // live outside <main> and return the focus themselves.
  const lost = memory.lastFocused;
  if (isOnNothing(active) && memory.lastFocusedInMain && lost !== null && (!lost.isConnected || isHidden(lost))) {
    routeFocusTarget(document)?.focus();
  }
}

/**
 * One mechanism for every route, signed-in shell and /auth pages alike: after a navigation the
 * focus moves to the new page's start (routeFocusTarget), so screen readers announce the page and
 * keyboard users continue from its top; and the focus never falls to <body> when the focused part
 * of <main> is replaced. The first page of a visit, with the redirects it takes before the person
 * does anything, moves no focus: a screen reader reads a freshly loaded page from its top.
 */
export function RouteFocus() {
  const [path] = useLocation();
  const memory = useRef<FocusMemory>({ lastPath: null, interacted: false, pending: false, lastFocused: null, lastFocusedInMain: false });

  useEffect(() => {
    const current = memory.current;
    const onInteraction = () => {
      current.interacted = true;
    };
    const onFocusIn = (event: FocusEvent) => {
      if (!(event.target instanceof Element)) return;
      current.lastFocused = event.target;
      current.lastFocusedInMain = event.target.closest("main") !== null;
    };
    // Capture: the interaction is recorded before the link or button that handles it navigates.
    const interactions = ["keydown", "pointerdown", "click"] as const;
    for (const type of interactions) window.addEventListener(type, onInteraction, true);
    document.addEventListener("focusin", onFocusIn);
    // A focused element that is hidden (display: none) loses the focus without any change to the
    // tree: the focusout is the only sign, and the focus has settled on <body> once it is handled.
    const onFocusOut = () => void Promise.resolve().then(() => settle(current));
    document.addEventListener("focusout", onFocusOut);
    // MutationObserver callbacks run as a microtask after React's commit, before the browser
    // paints or runs another task: a focus that fell to <body> is back before anyone sees it.
    // `style` too: React hides the content of a re-suspended boundary by its style attribute.
    const observer = new MutationObserver(() => settle(current));
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["style"] });
    return () => {
      for (const type of interactions) window.removeEventListener(type, onInteraction, true);
      document.removeEventListener("focusin", onFocusIn);
      document.removeEventListener("focusout", onFocusOut);
      observer.disconnect();
    };
  }, []);

  // A layout effect, so the new page has the focus before it is painted.
  useLayoutEffect(() => {
    const current = memory.current;
    const previous = current.lastPath;
    current.lastPath = path;
    if (previous === null || previous === path || !current.interacted) return;
    current.pending = true;
    settle(current);
  }, [path]);

  return null;
}
