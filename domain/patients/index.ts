// What other features may use of the patients feature; everything else in this folder is its own.
export * from "./patients-wire.ts";
// The assign page (exercises) chooses patients with the patients list's own filters.
export { EMPTY_PATIENT_FILTERS, withFilters, type GameLevelChoice, type PatientListFilters } from "./patient-list-filters.ts";
