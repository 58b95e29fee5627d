import { type ComponentType, type ReactNode, Suspense, createElement, startTransition, useEffect, useState } from "react";

/** A page whose code is its own chunk: a component that shows `fallback` until the code is in. */
export type PageChunk<P extends object> = ComponentType<P> & { readonly preload: () => Promise<ComponentType<P>> };

/**
 * A page loaded on first use: a feature's page in its pages.tsx (each a chunk of its own, so the
 * dashboard where everyone lands does not carry them), the /auth steps after the password and the
 * signed-in area itself (ui/app/app-routes.tsx). It is not React.lazy in a Suspense boundary
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
    // A component in state is set through updaters: React would call it as one.
    const [page, setPage] = useState(() => loaded);
    useEffect(() => {
      if (page !== null) return;
      // A page that unmounted meanwhile ignores the update; a failed chunk throws from the
      // update, so it reaches the app's error boundary as React.lazy's did.
      preload().then(
        (next) => startTransition(() => setPage(() => next)),
        (error: unknown) =>
          setPage(() => {
            throw error;
          }),
      );
    }, [page]);
    return page === null ? fallback : <Suspense fallback={fallback}>{createElement(page, props)}</Suspense>;
  }
  return Object.assign(Chunk, { preload });
}
