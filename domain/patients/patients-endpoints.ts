import { endpoint } from "../shared/wire/endpoint.ts";
import { VersionOnlyBody } from "../shared/wire/record-version.ts";
import {
  PATIENT_FIELD_CODES,
  Patient,
  PatientCreateBody,
  PatientListQuery,
  PatientListResponse,
  PatientPatchBody,
  PatientPathParams,
  PatientsByStaffQuery,
} from "./patients-wire.ts";

// The patients calls of spec section 7 (docs/patients-api.md), declared once for the server's
// routes and the adapter's calls. The dashboard's patients call lives with the dashboard.

/** GET patients/: one page of the caller's patients, searched, filtered and ordered. */
export const listPatientsEndpoint = endpoint({
  method: "GET",
  path: "/api/patients/",
  query: PatientListQuery,
  answer: PatientListResponse,
});

/** GET patients/filtered-list-by-staff: one page of the patients assigned to one SLP (the spec writes it without a slash). */
export const listPatientsOfStaffEndpoint = endpoint({
  method: "GET",
  path: "/api/patients/filtered-list-by-staff/",
  query: PatientsByStaffQuery,
  answer: PatientListResponse,
  slashOptional: true,
});

/** GET patients/{id}/: one patient with their contact information (and its version as the ETag). */
export const getPatientEndpoint = endpoint({
  method: "GET",
  path: "/api/patients/:id/",
  params: PatientPathParams,
  answer: Patient,
});

/** POST patients/: add a patient (pending) to the caller's institution. */
export const createPatientEndpoint = endpoint({
  method: "POST",
  path: "/api/patients/",
  body: PatientCreateBody,
  bodyCodes: PATIENT_FIELD_CODES,
  answer: Patient,
});

/** PATCH patients/{id}/: change some of a patient's details, from the version the person saw. */
export const updatePatientEndpoint = endpoint({
  method: "PATCH",
  path: "/api/patients/:id/",
  params: PatientPathParams,
  body: PatientPatchBody,
  bodyCodes: PATIENT_FIELD_CODES,
  answer: Patient,
});

/** DELETE patients/{id}/: archive a pending or inactive patient (204); their sessions stay. */
export const deletePatientEndpoint = endpoint({
  method: "DELETE",
  path: "/api/patients/:id/",
  params: PatientPathParams,
  body: VersionOnlyBody,
});

/** PUT patients/{id}/activate/: make a pending or inactive patient active. */
export const activatePatientEndpoint = endpoint({
  method: "PUT",
  path: "/api/patients/:id/activate/",
  params: PatientPathParams,
  body: VersionOnlyBody,
  answer: Patient,
});

/** PUT patients/{id}/inactivate/: make an active or pending patient inactive. */
export const inactivatePatientEndpoint = endpoint({
  method: "PUT",
  path: "/api/patients/:id/inactivate/",
  params: PatientPathParams,
  body: VersionOnlyBody,
  answer: Patient,
});
