import { ROUTES } from "../../domain/routes.ts";
import type { AppRoute } from "../../domain/shared/navigation/app-route.ts";
import type { RoutePrefetch } from "./prefetch/prefetch-context.ts";

/**
 * The routes whose main reads start on arrival (issue 23), each with its reads' module: a small
 * chunk of its own, run by the signed-in area (signed-in-routes.tsx) as soon as it starts, in
 * parallel with the user record, where the session's boot script has not asked the reads already
 * (arrivalPrefetchOf). On a reload with a query string the boot script's wave fetches its file.
 */
export const ROUTE_PREFETCH: Readonly<Partial<Record<AppRoute, () => Promise<RoutePrefetch>>>> = {
  patients: () => import("./prefetch/patients-list.ts"),
  "patient-detail": () => import("./prefetch/patient-record.ts"),
  "session-detail": () => import("./prefetch/session-detail.ts"),
};

/**
 * The arrival reads' module of the page at `path` (`search`: the address's query string, "" when
 * it has none), or undefined when it has none or none is needed: at a bare address whose reads the
 * session's boot script started (`bootReadsStarted`), the page's own hooks take every read the
 * module would ask as they mount (domain/boot-reads.ts; ui/app/prefetch/boot-reads.test.ts). The
 * module came among the last files of a cold load and ran just before the heading, asking nothing
 * new: on a slow phone a session's detail drew its heading 0.1 s later for it (issue 35). A query
 * string (a list's filters, a walk through the caseload) changes the reads, and there it still runs.
 */
export const arrivalPrefetchOf = (path: string, search: string, bootReadsStarted: boolean): (() => Promise<RoutePrefetch>) | undefined => {
  if (bootReadsStarted && search === "") return undefined;
  const matched = ROUTES.match(path);
  return matched === null ? undefined : ROUTE_PREFETCH[matched.route.id];
};
