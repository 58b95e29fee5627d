import { keepPreviousData, useQuery, type UseQueryResult } from "@tanstack/react-query";
import { dashboardApiOf } from "../../../adapters/dashboard/dashboard-api.ts";
import type { PatientDashboardResponse } from "../../../domain/patients/index.ts";
import { useServices } from "../../services/services-context.tsx";
import { useSessionUserId } from "../../session/use-session.ts";

/** What one page of the SLP dashboard is asked with. */
export type PatientsDashboardParams = {
  readonly search: string;
  readonly page: number;
  readonly pageSize: number;
};

/** Cache keys of the SLP dashboard, under the user so one person's rows never show for another. */
export const patientsDashboardKey = (userId: number | null, params?: PatientsDashboardParams) =>
  params === undefined
    ? (["dashboard", "patients", userId] as const)
    : (["dashboard", "patients", userId, { search: params.search.trim(), page: params.page, pageSize: params.pageSize }] as const);

/**
 * One page of the signed-in user's dashboard patients (patients/dashboard). The spec's default
 * policy applies (fresh for a minute, two retries); the previous page stays on screen while the
 * next one loads, so the table does not collapse under the clinician's pointer.
 */
export function usePatientsDashboard(params: PatientsDashboardParams): UseQueryResult<PatientDashboardResponse> {
  const dashboardApi = dashboardApiOf(useServices().adapters.client);
  const userId = useSessionUserId();
  return useQuery({
    queryKey: patientsDashboardKey(userId, params),
    queryFn: () => dashboardApi.getPatientsDashboard({ search: params.search, page: params.page, pageSize: params.pageSize }),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
  });
}
