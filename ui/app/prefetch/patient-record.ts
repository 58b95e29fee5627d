import { exercisesApiOf } from "../../../adapters/exercises/exercises-api.ts";
import { patientsApiOf } from "../../../adapters/patients/patients-api.ts";
import { PatientId } from "../../../domain/shared/ids.ts";
import { routeId } from "../../../domain/shared/navigation/route-id.ts";
import { patientGameLevelsQuery, patientQuery } from "../../features/patients/patients-queries.ts";
import type { PrefetchContext } from "./prefetch-context.ts";

/** A patient's record and their exercises (the queries usePatient and usePatientGameLevels ask). */
export const prefetchPatientRecord = ({ queryClient, apiClient }: PrefetchContext, id: number): void => {
  const patientId = PatientId.make(id);
  void queryClient.prefetchQuery(patientQuery(patientsApiOf(apiClient), patientId));
  void queryClient.prefetchQuery(patientGameLevelsQuery(exercisesApiOf(apiClient), patientId));
};

/** /patient/:id. */
export const prefetch = (context: PrefetchContext): void => {
  const id = routeId(context.params["id"]);
  if (id !== null) prefetchPatientRecord(context, id);
};
