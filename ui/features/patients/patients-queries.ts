import { queryOptions } from "@tanstack/react-query";
import type { ExercisesApi } from "../../../adapters/exercises/index.ts";
import type { PatientsApi } from "../../../adapters/patients/patients-port.ts";
import type { PatientListFilters } from "../../../domain/patients/patient-list-filters.ts";
import type { PatientId } from "../../../domain/shared/ids.ts";
import { CACHE_POLICY, queryOptionsOf } from "../../data/cache-policy.ts";
import { patientsKeys } from "./patients-keys.ts";

// The reads the patients list and a patient's record start on arrival (ui/app/prefetch/) as well
// as through their hooks: written once here, so the early read lands under the key, call and
// freshness the page then asks for. Apart from the hooks, so those prefetch chunks stay small.

/** One page of the patients list, for filters as filtersFromQuery read them. */
export const patientListQuery = (api: PatientsApi, filters: PatientListFilters) =>
  queryOptions({ queryKey: patientsKeys.list(filters), queryFn: ({ signal }) => api.listPatients(filters, signal) });

/** One patient's record, fresh for 10 s (spec section 9). */
export const patientQuery = (api: PatientsApi, id: PatientId) =>
  queryOptions({
    queryKey: patientsKeys.detail(id),
    queryFn: ({ signal }) => api.getPatient(id, signal),
    ...queryOptionsOf(CACHE_POLICY.patientDetail),
  });

/** A patient's assigned games at their levels, fresh like the record itself (spec section 9: 10 s). */
export const patientGameLevelsQuery = (api: ExercisesApi, patientId: PatientId) =>
  queryOptions({
    queryKey: patientsKeys.gameLevels(patientId),
    queryFn: ({ signal }) => api.listPatientGameLevels(patientId, signal),
    ...queryOptionsOf(CACHE_POLICY.patientDetail),
  });
