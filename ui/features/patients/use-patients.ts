import { keepPreviousData, useMutation, useQuery, useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import { exercisesApiOf } from "../../../adapters/exercises/index.ts";
import { patientsApiOf } from "../../../adapters/patients/patients-api.ts";
import type { PlacesRequest } from "../../../adapters/patients/patients-port.ts";
import type { PatientListFilters } from "../../../domain/patients/patient-list-filters.ts";
import { patientsKeys } from "./patients-keys.ts";
import { patientGameLevelsQuery, patientListQuery, patientQuery } from "./patients-queries.ts";
import type { Patient, PatientCreateBody, PatientListResponse, PatientPatchBody } from "../../../domain/patients/index.ts";
import type { PatientGameLevelsResponse } from "../../../domain/exercises/index.ts";
import type { PatientId } from "../../../domain/shared/ids.ts";
import type { StaffListItem } from "../../../domain/slps/index.ts";
import type { Place } from "../../../domain/shared/wire/place.ts";
import { useServices } from "../../services/services-context.tsx";

export const usePatientsApi = () => patientsApiOf(useServices().adapters.client);

/** One page of the patients list; the previous page stays on screen while the next loads. Not asked while `enabled` is false (a picker with nothing typed). */
export function usePatientList(filters: PatientListFilters, enabled = true): UseQueryResult<PatientListResponse> {
  const api = usePatientsApi();
  return useQuery({ ...patientListQuery(api, filters), placeholderData: keepPreviousData, enabled });
}

/** One patient's record, fresh for 10 s (spec section 9). Not asked while `enabled` is false. */
export function usePatient(id: PatientId, enabled = true): UseQueryResult<Patient> {
  const api = usePatientsApi();
  return useQuery({ ...patientQuery(api, id), enabled });
}

/** A patient's assigned games at their levels, fresh like the record itself (spec section 9: 10 s). */
export function usePatientGameLevels(patientId: PatientId): UseQueryResult<PatientGameLevelsResponse> {
  const api = exercisesApiOf(useServices().adapters.client);
  return useQuery(patientGameLevelsQuery(api, patientId));
}

/** The places a picker offers; an unchanged search is not asked again for a minute. */
export function usePlaces(request: PlacesRequest, enabled = true): UseQueryResult<readonly Place[]> {
  const api = usePatientsApi();
  return useQuery({
    queryKey: patientsKeys.places(request),
    queryFn: ({ signal }) => api.listPlaces(request, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** SLPs the patient can be assigned to. */
export function useStaffOptions(search: string, enabled = true): UseQueryResult<readonly StaffListItem[]> {
  const api = usePatientsApi();
  return useQuery({
    queryKey: patientsKeys.staffOptions(search),
    queryFn: ({ signal }) => api.listStaffOptions(search, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** After a write the record is the server's answer, and every list is refetched (its rows or order may have changed). */
const useRecordWrite = <Input>(write: (input: Input) => Promise<Patient>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (patient) => {
      client.setQueryData(patientsKeys.detail(patient.id), patient);
      await client.invalidateQueries({ queryKey: ["patients", "list"] });
      await client.invalidateQueries({ queryKey: ["dashboard"] });
    },
  });
};

export function useCreatePatient() {
  const api = usePatientsApi();
  return useRecordWrite((body: PatientCreateBody) => api.createPatient(body));
}

/** An edit names the version the form was filled from, so a patient changed meanwhile is refused (412), not overwritten. */
export function useUpdatePatient(id: PatientId) {
  const api = usePatientsApi();
  return useRecordWrite(({ body, version }: { readonly body: PatientPatchBody; readonly version: number }) => api.updatePatient(id, body, version));
}

/** Activate or inactivate the patient as the viewer saw them (their version). */
export function usePatientStatusChange(patient: Pick<Patient, "id" | "version">) {
  const api = usePatientsApi();
  return useRecordWrite((action: "activate" | "deactivate") =>
    action === "activate" ? api.activatePatient(patient.id, patient.version) : api.deactivatePatient(patient.id, patient.version),
  );
}

export function useDeletePatient(id: PatientId) {
  const api = usePatientsApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.deletePatient(id),
    // The record stays cached until its page is left (a removed query would refetch a 404 under
    // the closing dialog); opened again later it is fetched anew and says the patient is gone.
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: patientsKeys.detail(id), refetchType: "none" });
      await client.invalidateQueries({ queryKey: ["patients", "list"] });
      await client.invalidateQueries({ queryKey: ["dashboard"] });
    },
  });
}
