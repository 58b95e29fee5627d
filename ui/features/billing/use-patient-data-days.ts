import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import { dataDaysApiOf } from "../../../adapters/billing/index.ts";
import type { PatientDataDays } from "../../../domain/billing/data-days-wire.ts";
import type { PatientId } from "../../../domain/shared/ids.ts";
import { CACHE_POLICY, queryOptionsOf } from "../../data/cache-policy.ts";
import { patientRecordKey } from "../../data/shared-query-keys.ts";
import { useServices } from "../../services/services-context.tsx";

/** Under the patient's record, so whatever refreshes the record refreshes its data days too. */
export const patientDataDaysKey = (id: PatientId) => [...patientRecordKey(id), "rtm", "data-days"] as const;

/** The patient's data days of the current and previous period; sessions arrive from the patient's app, so each opening of the record reads them again. */
export function usePatientDataDays(id: PatientId): UseQueryResult<PatientDataDays> {
  const api = dataDaysApiOf(useServices().adapters.client);
  return useQuery({
    queryKey: patientDataDaysKey(id),
    queryFn: ({ signal }) => api.getPatientDataDays(id, signal),
    ...queryOptionsOf(CACHE_POLICY.patientDetail),
    refetchOnMount: "always",
  });
}
