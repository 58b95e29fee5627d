import { keepPreviousData, useQuery, type UseQueryResult } from "@tanstack/react-query";
import { dashboardApiOf } from "../../../adapters/dashboard/dashboard-api.ts";
import type { InstitutionId } from "../../../domain/shared/ids.ts";
import type { DashboardOverviewResponse } from "../../../domain/dashboard/dashboard-overview-wire.ts";
import { useServices } from "../../services/services-context.tsx";
import { useSessionUserId } from "../../session/use-session.ts";

/** Cache key of the administrators' overview, per user and per institution asked for (null: all in scope). */
export const dashboardOverviewKey = (userId: number | null, institution: InstitutionId | null = null) =>
  ["dashboard", "overview", userId, institution] as const;

/**
 * The week's overview (dashboard/overview): the administrator's institution, or every institution
 * for the super administrator. Default policy (fresh for a minute, two retries); the figures on
 * screen stay while another institution's load.
 */
export function useDashboardOverview(institution?: InstitutionId): UseQueryResult<DashboardOverviewResponse> {
  const dashboardApi = dashboardApiOf(useServices().adapters.client);
  const userId = useSessionUserId();
  return useQuery({
    queryKey: dashboardOverviewKey(userId, institution ?? null),
    queryFn: () => dashboardApi.getOverview(institution === undefined ? {} : { institution }),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
  });
}
