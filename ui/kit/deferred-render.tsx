import { type ReactNode, startTransition, useDeferredValue, useEffect, useState } from "react";
import type { QueryState } from "./query-status.tsx";

/**
 * Renders its children in a render of their own, after the one it mounts in has committed: a
 * page's heading commits (and paints) alone, and what is below it (a session's statistics and
 * attempt tables, a record's profile and exercises) follows in a transition, which React splits
 * into slices of about 5 ms instead of one task of 100-600 ms on a 4x slower CPU (issue 35,
 * blocking time). Unlike AfterHeading it waits for no timer: the transition is started by the
 * commit's own effect, and a test's `act` runs it with the rest. `fallback` holds the place
 * meanwhile; put it last on the page (or give the fallback the children's size) so nothing already
 * drawn moves when they come.
 *
 * Not `useDeferredValue(true, false)`, as it was: React never defers inside a render that is itself
 * a deferred one ("to avoid waterfalls"), and a page that mounts with its first answer
 * (useDeferredFirstAnswer, useDeferredArrival) is one, so a session's heading waited for its whole
 * attempt tables in one commit on every cold load (docs/session.md, "The deferred part that was not").
 */
export function DeferredRender({ children, fallback = null }: { readonly children: ReactNode; readonly fallback?: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!ready) startTransition(() => setReady(true));
  }, [ready]);
  return ready ? children : fallback;
}

/**
 * The answer to show for `key`: its first answer only once a deferred render has it, so that
 * answer renders in slices, not in the one task that brought it (that task renders the loading
 * view again; a session's detail took 130-430 ms there on a 4x slower CPU, issue 35). Once shown,
 * a new answer for the same key (a correction saved) is shown at once, with the focus and
 * announcements that follow it; an answer for another key (a walk moving on) waits again.
 */
export function useDeferredFirstAnswer<T extends { readonly id: unknown }>(data: T | undefined, key: unknown): T | undefined {
  const deferred = useDeferredValue(data);
  return deferred?.id === key && data?.id === key ? data : undefined;
}

/**
 * `data`, except on its first arrival: the render that brings it (a query's answer comes in a
 * blocking render, which React never splits) still shows the view without it, and a deferred render
 * right after shows it, in slices of about 5 ms (issue 35, blocking time: the user record's arrival
 * mounted a whole page and the shell's entries in one task). Once shown, every later value (a
 * refetch, the next page) shows at once; data already cached when the component mounts shows at once.
 * (A transition started from an effect instead measured far worse: Lighthouse 77-78 against 90-94 on
 * the record and the session's detail, docs/session.md.)
 */
export function useDeferredArrival<T>(data: T | undefined): T | undefined {
  const deferred = useDeferredValue(data);
  return deferred === undefined ? undefined : data;
}

/** What a section reads of its query: QueryStatus's part, the answer, and whether it is being asked again. */
export type ShownQuery<T> = QueryState & { readonly data: T | undefined; readonly isFetching: boolean };

/**
 * `query` as a section below a page's heading shows it: its first answer comes in a deferred render
 * (useDeferredArrival), in slices, not in the blocking render that brought it; until then the query
 * still reads as pending, so its loading line stays and nothing below it moves between the two
 * renders. Every later answer shows at once. (The record's sections each rendered their first
 * answer, a table or a form, in one task of 60-200 ms on a 4x slower CPU: issue 35, blocking time.)
 */
export function useDeferredQuery<T>(query: ShownQuery<T>): ShownQuery<T> {
  const data = useDeferredArrival(query.data);
  if (data !== undefined || query.data === undefined) return query;
  return { data: undefined, isPending: true, isError: false, error: null, isFetching: true, refetch: query.refetch };
}

/** How long a first view waits for the reads drawn above others before it shows without them. */
export const SETTLE_PATIENCE_MS = 2_000;

/**
 * Whether `settled` has held for `key` in this render or any earlier one: a first view held until
 * reads it places above others have answered (so they are drawn with it, not pushed in after it),
 * and never held again for the same key when those reads start over (a filter switched, a
 * refetch). A new key is held again. Held `patienceMs` at most from the key's first render: a read
 * that hangs must not keep the page from showing what it has (its part then comes when it can).
 */
export function useSettledOnce(key: unknown, settled: boolean, patienceMs = SETTLE_PATIENCE_MS): boolean {
  const [settledFor, setSettledFor] = useState<{ readonly key: unknown } | null>(null);
  // Set during render, as React's derived state is: the render is redone at once with the flag.
  if (settled && settledFor?.key !== key) setSettledFor({ key });
  const shown = settled || (settledFor !== null && settledFor.key === key);
  useEffect(() => {
    if (shown) return;
    const patience = setTimeout(() => setSettledFor({ key }), patienceMs);
    return () => clearTimeout(patience);
  }, [shown, key, patienceMs]);
  return shown;
}
