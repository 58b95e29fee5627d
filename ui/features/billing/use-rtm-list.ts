import { keepPreviousData, useQuery, type UseQueryResult } from "@tanstack/react-query";
import { rtmListApiOf } from "../../../adapters/billing/index.ts";
import type { RtmListAsk, RtmSlpOption } from "../../../adapters/billing/index.ts";
import type { RtmListResponse } from "../../../domain/billing/rtm-list-wire.ts";
import { CACHE_POLICY, queryOptionsOf } from "../../data/cache-policy.ts";
import { useServices } from "../../services/services-context.tsx";

export const rtmListKeys = {
  all: ["rtm", "list"] as const,
  page: (ask: RtmListAsk) => [...rtmListKeys.all, ask.month ?? "current", ask.page, ask.slp ?? "all", ask.status ?? "all", ask.ordering, ask.cursor ?? ""] as const,
  slps: ["rtm", "slps"] as const,
};

/** How soon to ask again while the server is still working out the list's statuses. */
export const STATUS_PENDING_REFETCH_MS = 2_000;

/**
 * One page of the /rtm list; the previous page stays on screen while the next loads. While the
 * answer says statuses are still being worked out (a status filter or order), it asks again.
 */
export function useRtmList(ask: RtmListAsk): UseQueryResult<RtmListResponse> {
  const api = rtmListApiOf(useServices().adapters.client);
  return useQuery({
    queryKey: rtmListKeys.page(ask),
    queryFn: ({ signal }) => api.listRtm(ask, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => ((query.state.data?.statuses_pending ?? 0) > 0 ? STATUS_PENDING_REFETCH_MS : false),
    ...queryOptionsOf(CACHE_POLICY.patientDetail),
  });
}

/** The institution's SLPs for the administrator's filter (not asked for an SLP). */
export function useRtmSlps(enabled: boolean): UseQueryResult<readonly RtmSlpOption[]> {
  const api = rtmListApiOf(useServices().adapters.client);
  return useQuery({ queryKey: rtmListKeys.slps, queryFn: ({ signal }) => api.listSlps(signal), enabled, ...queryOptionsOf(CACHE_POLICY.staffList) });
}
