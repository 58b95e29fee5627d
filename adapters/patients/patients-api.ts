import { apiQueryOfFilters } from "../../domain/patients/patient-list-filters.ts";
import {
  activatePatientEndpoint,
  createPatientEndpoint,
  deletePatientEndpoint,
  getPatientEndpoint,
  inactivatePatientEndpoint,
  listPatientsEndpoint,
  listPatientsOfStaffEndpoint,
  updatePatientEndpoint,
} from "../../domain/patients/patients-endpoints.ts";
import { PATIENT_PAGE_SIZE } from "../../domain/patients/index.ts";
import { cursorQueryOf } from "../../domain/shared/wire/page-cursor.ts";
import { listStaffEndpoint } from "../../domain/slps/index.ts";
import { listPlacesEndpoint } from "../../domain/shared/wire/place-endpoints.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";
import type { PatientsApi } from "./patients-port.ts";

// The picker shows the first screenful; typing narrows it.
const STAFF_OPTIONS_PAGE_SIZE = 50;

/** Patients calls on the given client (Bearer), each a declared endpoint (domain/patients/patients-endpoints.ts). */
export const createPatientsApi = (client: ApiClient): PatientsApi => ({
  listPatients: (filters, signal) => client.call(listPatientsEndpoint, { query: apiQueryOfFilters(filters), signal }),
  getPatient: (id, signal) => client.call(getPatientEndpoint, { params: { id }, signal }),
  createPatient: (body) => client.call(createPatientEndpoint, { body }),
  updatePatient: (id, body, version) => client.call(updatePatientEndpoint, { params: { id }, body, ifMatch: version }),
  // The status actions send no body: the version they started from goes as If-Match.
  activatePatient: (id, version) => client.call(activatePatientEndpoint, { params: { id }, body: undefined, ifMatch: version }),
  deactivatePatient: (id, version) => client.call(inactivatePatientEndpoint, { params: { id }, body: undefined, ifMatch: version }),
  deletePatient: async (id) => {
    await client.call(deletePatientEndpoint, { params: { id }, body: undefined });
  },
  listPatientsOfStaff: (staffId, { page, cursor }, signal) =>
    client.call(listPatientsOfStaffEndpoint, { query: { staff_id: staffId, page, page_size: PATIENT_PAGE_SIZE, ...cursorQueryOf(cursor) }, signal }),
  listPlaces: ({ kind, parent, search }, signal) => {
    const text = search?.trim() ?? "";
    return client.call(listPlacesEndpoint, {
      query: { kind, ...(parent === undefined ? {} : { parent }), ...(text === "" ? {} : { search: text }) },
      signal,
    });
  },
  listStaffOptions: async (search, signal) => {
    const text = search.trim();
    const page = await client.call(listStaffEndpoint, {
      query: { page: 1, page_size: STAFF_OPTIONS_PAGE_SIZE, ...(text === "" ? {} : { search: text }) },
      signal,
    });
    return page.results;
  },
});

/** The patients calls of the app's client, made once, from the lazy signed-in pages. */
export const patientsApiOf = perClient(createPatientsApi);
