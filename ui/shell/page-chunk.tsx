import { type ComponentType, type ReactNode, Suspense, createElement, startTransition, useEffect, useState } from "react";

/** A page whose code is its own chunk: a component that shows `fallback` until the code is in. */
export type PageChunk<P extends object> = ComponentType<P> & { readonly preload: () => Promise<ComponentType<P>> };

const PAGE_CHUNK = Symbol("page chunk");

/** Whether a component is a page made by pageChunk (the app's table of page code is checked against them). */
export const isPageChunk = (type: unknown): boolean => typeof type === "function" && PAGE_CHUNK in type;

type Shown<P> = { readonly page: ComponentType<P> } | { readonly error: unknown } | null;

/**
 * A feature's page loaded on first use, for its pages.tsx (each page is a chunk of its own, so the
 * dashboard where everyone lands does not carry them). It is not React.lazy in a Suspense boundary
 * on purpose: React shows the content a boundary was waiting for no sooner than 300 ms after the
 * last fallback it showed anywhere (its "retry" renders are throttled, react-dom 19), so a page
 * whose chunk came 50 ms after its loading card still waited 250 ms more; measured on the slow
 * phone, /patients, a patient's record, the exercise overview and /rtm drew their headings 0.25-0.54
 * s later than their code and data allowed (docs/session.md, "Pages without the reveal throttle").
 * Here the loading card is ordinary output and the page replaces it in a transition of its own (in
 * slices, issue 35's blocking time), which React does not throttle. Code already loaded renders
 * the page at once. A chunk that fails is thrown to the app's error boundary, as React.lazy did,
 * and asked for again by the next mount. The page still sits in a Suspense boundary with the same
 * card, for any part inside it that suspends without a boundary of its own.
 */
export function pageChunk<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode): PageChunk<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = (): Promise<ComponentType<P>> =>
    (pending ??= load().then(
      (page) => {
        loaded = page;
        return page;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));

  function Chunk(props: P) {
    const [shown, setShown] = useState<Shown<P>>(() => (loaded === null ? null : { page: loaded }));
    useEffect(() => {
      if (shown !== null) return;
      let live = true;
      preload().then(
        (page) => {
          if (live) startTransition(() => setShown({ page }));
        },
        (error: unknown) => {
          if (live) setShown({ error });
        },
      );
      return () => {
        live = false;
      };
    }, [shown]);
    if (shown === null) return fallback;
    if ("error" in shown) throw shown.error;
    return <Suspense fallback={fallback}>{createElement(shown.page, props)}</Suspense>;
  }
  return Object.assign(Chunk, { preload, [PAGE_CHUNK]: true });
}
