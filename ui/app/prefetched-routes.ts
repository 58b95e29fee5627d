import { ROUTES } from "../../domain/routes.ts";
import type { AppRoute } from "../../domain/shared/navigation/app-route.ts";
import type { RoutePrefetch } from "./prefetch/prefetch-context.ts";

/**
 * The routes whose main reads start on arrival (issue 23), each with its reads' module: a small
 * chunk of its own, fetched by the entry alongside the signed-in area (preloadRouteCode) and run by
 * it (signed-in-routes.tsx) as soon as it starts, in parallel with the user record.
 */
export const ROUTE_PREFETCH: Readonly<Partial<Record<AppRoute, () => Promise<RoutePrefetch>>>> = {
  patients: () => import("./prefetch/patients-list.ts"),
  "patient-detail": () => import("./prefetch/patient-record.ts"),
  "session-detail": () => import("./prefetch/session-detail.ts"),
};

/** The arrival reads' module of the page at `path`, or undefined when it has none. */
export const arrivalPrefetchOf = (path: string): (() => Promise<RoutePrefetch>) | undefined => {
  const matched = ROUTES.match(path);
  return matched === null ? undefined : ROUTE_PREFETCH[matched.route.id];
};
