import { useMutation, useQuery, useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import { timeLogApiOf } from "../../../adapters/billing/index.ts";
import type { CallCreateBody, CallRecord, TimeEntry, TimeEntryCreateBody, TimeEntryDeleteBody, TimeEntryPatchBody, TimeEntryRevision } from "../../../domain/billing/time-log-wire.ts";
import type { TimeEntryId } from "../../../domain/billing/billing-ids.ts";
import type { PatientId } from "../../../domain/shared/ids.ts";
import { CACHE_POLICY, queryOptionsOf } from "../../data/cache-policy.ts";
import { patientRecordKey } from "../../data/shared-query-keys.ts";
import { useServices } from "../../services/services-context.tsx";

/** Under the patient's record, so whatever refreshes the record refreshes its logs too. */
const rtmKey = (id: PatientId) => [...patientRecordKey(id), "rtm"] as const;
export const timeEntriesKey = (id: PatientId, month: string) => [...rtmKey(id), "time-entries", month] as const;
/** Under the patient's logs, so a correction or removal reloads an open history too. */
export const timeEntryHistoryKey = (id: PatientId, entryId: TimeEntryId) => [...rtmKey(id), "history", entryId] as const;
export const callsKey = (id: PatientId, month: string) => [...rtmKey(id), "calls", month] as const;

const useTimeLogApi = () => timeLogApiOf(useServices().adapters.client);

/** The month's live time entries (several people may log time for one patient: read again on each opening). */
export function useTimeEntries(id: PatientId, month: string): UseQueryResult<readonly TimeEntry[]> {
  const api = useTimeLogApi();
  return useQuery({
    queryKey: timeEntriesKey(id, month),
    queryFn: ({ signal }) => api.listTimeEntries(id, month, signal),
    ...queryOptionsOf(CACHE_POLICY.patientDetail),
    refetchOnMount: "always",
  });
}

/** An entry's corrections, newest first; read while its history is open (another person may correct it meanwhile). */
export function useTimeEntryHistory(id: PatientId, entryId: TimeEntryId, enabled: boolean): UseQueryResult<readonly TimeEntryRevision[]> {
  const api = useTimeLogApi();
  return useQuery({
    queryKey: timeEntryHistoryKey(id, entryId),
    queryFn: ({ signal }) => api.timeEntryHistory(entryId, signal),
    ...queryOptionsOf(CACHE_POLICY.patientDetail),
    enabled,
    refetchOnMount: "always",
  });
}

/** The month's calls. */
export function useCalls(id: PatientId, month: string): UseQueryResult<readonly CallRecord[]> {
  const api = useTimeLogApi();
  return useQuery({
    queryKey: callsKey(id, month),
    queryFn: ({ signal }) => api.listCalls(id, month, signal),
    ...queryOptionsOf(CACHE_POLICY.patientDetail),
    refetchOnMount: "always",
  });
}

/**
 * The institution-wide billing views a time-log write changes: the /rtm list's minutes, last call
 * and codes, and the month-end summaries (both keyed under "rtm"). Without this, a person who came
 * from /rtm, logged time and went back within the list's stale time saw the old minutes.
 */
export const BILLING_VIEWS_KEY = ["rtm"] as const;

/** Every write changes the month's totals: the patient's time log and call log, and the billing views, are read again. */
function useRefreshLogs(id: PatientId) {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: rtmKey(id) }), queryClient.invalidateQueries({ queryKey: BILLING_VIEWS_KEY })]);
}

export function useCreateTimeEntry(id: PatientId) {
  const api = useTimeLogApi();
  const refresh = useRefreshLogs(id);
  return useMutation({ mutationFn: (body: TimeEntryCreateBody) => api.createTimeEntry(id, body), onSettled: refresh });
}

export function usePatchTimeEntry(id: PatientId) {
  const api = useTimeLogApi();
  const refresh = useRefreshLogs(id);
  // A 412 also reloads: the person sees the entry as it now is.
  return useMutation({ mutationFn: ({ entryId, body }: { entryId: TimeEntryId; body: TimeEntryPatchBody }) => api.patchTimeEntry(entryId, body), onSettled: refresh });
}

export function useDeleteTimeEntry(id: PatientId) {
  const api = useTimeLogApi();
  const refresh = useRefreshLogs(id);
  return useMutation({ mutationFn: ({ entryId, body }: { entryId: TimeEntryId; body: TimeEntryDeleteBody }) => api.deleteTimeEntry(entryId, body), onSettled: refresh });
}

export function useCreateCall(id: PatientId) {
  const api = useTimeLogApi();
  const refresh = useRefreshLogs(id);
  return useMutation({ mutationFn: (body: CallCreateBody) => api.createCall(id, body), onSettled: refresh });
}
