import { ROUTES } from "../../domain/routes.ts";
import type { AppRoute } from "../../domain/shared/navigation/app-route.ts";

/**
 * The routes route-prefetch.ts has reads for (a test holds the two lists together). Apart from
 * that module, so the entry and the signed-in area can ask without loading its code: an arrival
 * elsewhere does not fetch it.
 */
export const PREFETCHED_ROUTES: ReadonlySet<AppRoute> = new Set<AppRoute>(["patients", "patient-detail", "session-detail"]);

/** Whether the page at `path` has reads started on arrival. */
export const prefetchesOnArrival = (path: string): boolean => {
  const matched = ROUTES.match(path);
  return matched !== null && PREFETCHED_ROUTES.has(matched.route.id);
};
