import type { QueryClient, QueryKey } from "@tanstack/react-query";

// A read that spec section 9 makes anew at every opening of its page (the session's detail: stale
// at once) would be made twice on arrival: the page's reads start before its code has come
// (ui/app/prefetch), and the page's first mount found the answer stale and asked again (issue 35:
// one fetch per resource per load). Those early reads are that opening's reads: until the first
// navigation after the arrival, a mount takes them as they are; from then on every mount reads
// anew, as before.

// Queries by identity; `object`, so one function serves a query of any data type.
const arrivalReads = new WeakSet<object>();
let arrivalOpen = true;

/** Notes the read just started for the page being arrived at (after its prefetchQuery was called). */
export const markArrivalRead = (queryClient: QueryClient, queryKey: QueryKey): void => {
  const query = queryClient.getQueryCache().find({ queryKey, exact: true });
  if (query !== undefined) arrivalReads.add(query);
};

/** The person moved on from the page they arrived at: its early reads are no longer this opening's. */
export const endArrival = (): void => {
  arrivalOpen = false;
};

/**
 * `refetchOnMount` of a read made anew at every opening: true (read again), except for the
 * arrival's own read while the person is still on the page they arrived at. React Query asks it
 * more than once a mount, so it only reads the state, never changes it.
 */
export const refetchUnlessArrivalRead = (query: object): boolean => !(arrivalOpen && arrivalReads.has(query));
