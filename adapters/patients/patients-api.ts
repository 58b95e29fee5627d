import { apiQueryOfFilters } from "../../domain/patients/patient-list-filters.ts";
import { PATIENT_PAGE_SIZE, Patient, PatientListResponse } from "../../domain/patients/index.ts";
import { StaffListResponse } from "../../domain/slps/index.ts";
import { PlacesResponse } from "../../domain/shared/wire/place.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";
import type { PatientsApi } from "./patients-port.ts";

const PATIENTS = "/api/patients";
// The picker shows the first screenful; typing narrows it.
const STAFF_OPTIONS_PAGE_SIZE = 50;

/** Patients calls on the given client (Bearer); paths end with a slash like the rest of the API. */
export const createPatientsApi = (client: ApiClient): PatientsApi => ({
  listPatients: (filters, signal) => client.get(`${PATIENTS}/`, { schema: PatientListResponse, query: apiQueryOfFilters(filters), signal }),
  getPatient: (id, signal) => client.get(`${PATIENTS}/${id}/`, { schema: Patient, signal }),
  createPatient: (body) => client.post(`${PATIENTS}/`, { schema: Patient, body }),
  updatePatient: (id, body, version) => client.patch(`${PATIENTS}/${id}/`, { schema: Patient, body, ifMatch: version }),
  activatePatient: (id, version) => client.put(`${PATIENTS}/${id}/activate/`, { schema: Patient, ifMatch: version }),
  deactivatePatient: (id, version) => client.put(`${PATIENTS}/${id}/inactivate/`, { schema: Patient, ifMatch: version }),
  deletePatient: async (id) => {
    await client.delete(`${PATIENTS}/${id}/`, { schema: undefined });
  },
  listPatientsOfStaff: (staffId, page, signal) =>
    client.get(`${PATIENTS}/filtered-list-by-staff`, { schema: PatientListResponse, query: { staff_id: staffId, page, page_size: PATIENT_PAGE_SIZE }, signal }),
  listPlaces: ({ kind, parent, search }, signal) => {
    const text = search?.trim() ?? "";
    return client.get("/api/places/", { schema: PlacesResponse, query: { kind, parent, search: text === "" ? undefined : text }, signal });
  },
  listStaffOptions: async (search, signal) => {
    const text = search.trim();
    const page = await client.get("/api/staff/", {
      schema: StaffListResponse,
      query: { page: 1, page_size: STAFF_OPTIONS_PAGE_SIZE, search: text === "" ? undefined : text },
      signal,
    });
    return page.results;
  },
});

/** The patients calls of the app's client, made once, from the lazy signed-in pages. */
export const patientsApiOf = perClient(createPatientsApi);
