import { exercisesApiOf } from "../../../adapters/exercises/exercises-api.ts";
import { patientsApiOf } from "../../../adapters/patients/patients-api.ts";
import { PatientId } from "../../../domain/shared/ids.ts";
import { routeId } from "../../../domain/shared/navigation/route-id.ts";
import { CACHE_POLICY, queryOptionsOf } from "../../data/cache-policy.ts";
import { patientsKeys } from "../../features/patients/patients-keys.ts";
import type { PrefetchContext } from "./prefetch-context.ts";

/** A patient's record and their exercises (usePatient's and usePatientGameLevels' keys and calls). */
export const prefetchPatientRecord = ({ queryClient, apiClient }: PrefetchContext, id: number): void => {
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

/** /patient/:id. */
export const prefetch = (context: PrefetchContext): void => {
  const id = routeId(context.params["id"]);
  if (id !== null) prefetchPatientRecord(context, id);
};
