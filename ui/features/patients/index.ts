// What other features' pages may show of the patients feature.
export { StaffPatientsList } from "./staff-patients-list.tsx";
// The session-review pages name the patient in their breadcrumb and heading.
export { patientsKeys } from "./patients-keys.ts";
export { usePatient, usePatientGameLevels } from "./use-patients.ts";
