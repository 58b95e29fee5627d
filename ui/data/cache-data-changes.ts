import type { QueryCache, QueryCacheNotifyEvent } from "@tanstack/react-query";

/**
 * Whether an event of the data cache can change what one of its queries holds: a query added or
 * removed, an answer stored (a fetch's or setQueryData's), a state put back (a reset). The cache
 * tells far more (each fetch started, each observer added, removed or given a new result): a load
 * of a session's detail raises dozens, and a reader of the cached data only needs these.
 */
const changesCachedData = (event: QueryCacheNotifyEvent): boolean =>
  event.type === "added" || event.type === "removed" || (event.type === "updated" && (event.action.type === "success" || event.action.type === "setState"));

/**
 * Calls `changed` whenever some query's data may have changed, and at no other event of the cache;
 * answers how to stop. For a view that reads cached answers (the shell's breadcrumb names the
 * patient and the session from them), so it does not read them again at every event (issue 35:
 * those reads ran 10-15 ms a load on a quiet machine, four times that on the slow phone).
 */
export const subscribeToCachedData = (cache: QueryCache, changed: () => void): (() => void) =>
  cache.subscribe((event) => {
    if (changesCachedData(event)) changed();
  });
