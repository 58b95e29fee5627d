import { useMutation, useQuery, useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import { monthCloseApiOf } from "../../../adapters/billing/index.ts";
import type { MonthState } from "../../../domain/billing/month-close-wire.ts";
import { CACHE_POLICY, queryOptionsOf } from "../../data/cache-policy.ts";
import { useServices } from "../../services/services-context.tsx";
import { saveFile } from "../../kit/save-file.ts";

export const monthEndKey = (month: string) => ["rtm", "month-end", month] as const;

const useMonthCloseApi = () => monthCloseApiOf(useServices().adapters.client);

/** The month's lock and totals over the caller's patients (read anew on each visit: a colleague may lock it). */
export function useMonthState(month: string): UseQueryResult<MonthState> {
  const api = useMonthCloseApi();
  return useQuery({ queryKey: monthEndKey(month), queryFn: ({ signal }) => api.monthState(month, signal), ...queryOptionsOf(CACHE_POLICY.patientDetail), refetchOnMount: "always" });
}

/** Locks a month (the one the confirmation named); its summary and the /rtm list read it again. */
export function useLockMonth() {
  const api = useMonthCloseApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (month: string) => api.lockMonth(month),
    onSettled: (_answer, _failure, month) => Promise.all([client.invalidateQueries({ queryKey: monthEndKey(month) }), client.invalidateQueries({ queryKey: ["rtm", "list"] })]),
  });
}

/** Fetches the month's CSV (with the caller's credentials) and hands it to the browser as a download. */
export function useDownloadMonth(month: string) {
  const api = useMonthCloseApi();
  return useMutation({
    mutationFn: async () => {
      const file = await api.exportMonth(month);
      saveFile(file.filename, new Blob([file.csv], { type: "text/csv;charset=utf-8" }));
      return file;
    },
  });
}
