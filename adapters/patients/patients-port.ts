import type { PatientListFilters } from "../../domain/patients/patient-list-filters.ts";
import type { Patient, PatientCreateBody, PatientListResponse, PatientPatchBody } from "../../domain/patients/index.ts";
import type { StaffListItem } from "../../domain/slps/index.ts";
import type { Place, PlaceKind } from "../../domain/shared/wire/place.ts";
import type { PatientId, PlaceId, StaffId } from "../../domain/shared/ids.ts";

// The port the patients pages, their data hooks and the by-staff list machine depend on;
// patients-api.ts is its HTTP implementation.

/** Which places the form's pickers offer: countries, a country's states, or a state's (or country's) cities, narrowed by a search. */
export type PlacesRequest = {
  readonly kind: PlaceKind;
  readonly parent?: PlaceId;
  readonly search?: string;
};

/**
 * The patients calls of spec section 7; each rejects with an ApiFailure. A write names the
 * version of the record the person saw (If-Match): changed since, it is refused with a 412 on
 * `version` (isStaleVersionFailure) and nothing is written.
 */
export type PatientsApi = {
  /** One page of GET patients/ for the list's state (search, filters, order, page). */
  readonly listPatients: (filters: PatientListFilters, signal?: AbortSignal) => Promise<PatientListResponse>;
  readonly getPatient: (id: PatientId, signal?: AbortSignal) => Promise<Patient>;
  readonly createPatient: (body: PatientCreateBody) => Promise<Patient>;
  readonly updatePatient: (id: PatientId, body: PatientPatchBody, version: number) => Promise<Patient>;
  readonly activatePatient: (id: PatientId, version: number) => Promise<Patient>;
  readonly deactivatePatient: (id: PatientId, version: number) => Promise<Patient>;
  /** Soft delete: the patient leaves every list; their sessions and the audit trail stay. */
  readonly deletePatient: (id: PatientId) => Promise<void>;
  /** One page of the patients assigned to an SLP (patients/filtered-list-by-staff). */
  /** One page of an SLP's patients; `cursor` (the previous page's `next_cursor`) walks there by key instead of by offset. */
  readonly listPatientsOfStaff: (staffId: StaffId, at: { readonly page: number; readonly cursor?: string | undefined }, signal?: AbortSignal) => Promise<PatientListResponse>;
  readonly listPlaces: (request: PlacesRequest, signal?: AbortSignal) => Promise<readonly Place[]>;
  /** SLPs of the caller's institution a patient can be assigned to, narrowed by a search. */
  readonly listStaffOptions: (search: string, signal?: AbortSignal) => Promise<readonly StaffListItem[]>;
};
