import type { QueryClient } from "@tanstack/react-query";
import { exercisesApiOf } from "../../adapters/exercises/exercises-api.ts";
import { patientsApiOf } from "../../adapters/patients/patients-api.ts";
import { sessionReviewApiOf } from "../../adapters/session-review/session-review-api.ts";
import type { ApiClient } from "../../adapters/shared/api-client.ts";
import { filtersFromQuery } from "../../domain/patients/patient-list-filters.ts";
import { reviewAbilities } from "../../domain/session-review/review-abilities.ts";
import type { AppRoute } from "../../domain/shared/navigation/app-route.ts";
import { routeId } from "../../domain/shared/navigation/route-id.ts";
import { GameSessionId, PatientId } from "../../domain/shared/ids.ts";
import { toClientPermissions } from "../../domain/shared/permissions/client-permissions.ts";
import type { CurrentUser } from "../../domain/shared/wire/user.ts";
import { CACHE_POLICY, queryOptionsOf } from "../data/cache-policy.ts";
import { patientsKeys } from "../features/patients/patients-keys.ts";
import { sessionReviewKeys } from "../features/session-review/session-review-keys.ts";
import type { PageParams } from "../shell/route-page.ts";

/** What a route's prefetch reads: the address, the data cache, the app's HTTP client. */
export type PrefetchContext = {
  readonly params: PageParams;
  /** The address's query string ("" or "?a=b"). */
  readonly search: string;
  readonly queryClient: QueryClient;
  readonly apiClient: ApiClient;
};

// Each route's main reads, with the same keys and cache options as the hooks its page calls
// (use-patients.ts, use-session-review.ts), so the page finds them in flight or done. They start
// when the signed-in area's code arrives, alongside the user record, instead of after it and after
// the page's own code (issue 23). The HTTP client holds every call until a fresh access token is
// there (after a reload only the refresh token is left), so nothing is asked without one.
const patientRecord = ({ queryClient, apiClient }: PrefetchContext, id: number): void => {
  const patientId = PatientId.make(id);
  void queryClient.prefetchQuery({
    queryKey: patientsKeys.detail(patientId),
    queryFn: ({ signal }) => patientsApiOf(apiClient).getPatient(patientId, signal),
    ...queryOptionsOf(CACHE_POLICY.patientDetail),
  });
  void queryClient.prefetchQuery({
    queryKey: patientsKeys.gameLevels(patientId),
    queryFn: ({ signal }) => exercisesApiOf(apiClient).listPatientGameLevels(patientId, signal),
    ...queryOptionsOf(CACHE_POLICY.patientDetail),
  });
};

const PREFETCH: Readonly<Partial<Record<AppRoute, (context: PrefetchContext) => void>>> = {
  patients: (context) => {
    const filters = filtersFromQuery(context.search.replace(/^\?/, ""));
    void context.queryClient.prefetchQuery({
      queryKey: patientsKeys.list(filters),
      queryFn: ({ signal }) => patientsApiOf(context.apiClient).listPatients(filters, signal),
    });
  },
  "patient-detail": (context) => {
    const id = routeId(context.params["id"]);
    if (id !== null) patientRecord(context, id);
  },
  "session-detail": (context) => {
    const patientId = routeId(context.params["id"]);
    const sessionId = routeId(context.params["trendId"]);
    if (patientId !== null) patientRecord(context, patientId);
    if (sessionId === null) return;
    const session = GameSessionId.make(sessionId);
    void context.queryClient.prefetchQuery({
      queryKey: sessionReviewKeys.detail(session),
      queryFn: ({ signal }) => sessionReviewApiOf(context.apiClient).getSessionDetail(session, signal),
      ...queryOptionsOf(CACHE_POLICY.sessionDetail),
    });
  },
};

/** The routes with reads here (signed-in-routes.tsx fetches this module only for them). */
export const PREFETCHED_ROUTE_IDS: readonly string[] = Object.keys(PREFETCH);

/** Starts the main reads of the page at route `route` (nothing for a route without any listed). */
export const prefetchRouteData = (route: AppRoute, context: PrefetchContext): void => PREFETCH[route]?.(context);

/**
 * The reads a route needs once the user record says what the person may do: the note types of the
 * session review, asked only by those who may write notes (as useNoteTypes does), now with the
 * record rather than after the session's table has rendered.
 */
export const prefetchRouteDataForUser = (route: AppRoute, context: PrefetchContext, user: CurrentUser): void => {
  if (route !== "session-detail") return;
  const abilities = reviewAbilities({ permissions: toClientPermissions(user.permissions), role: user.role.code_name });
  if (!abilities.addNotes && !abilities.editNotes) return;
  void context.queryClient.prefetchQuery({
    queryKey: sessionReviewKeys.noteTypes,
    queryFn: ({ signal }) => sessionReviewApiOf(context.apiClient).listNoteTypes(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
};
