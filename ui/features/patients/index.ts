// What other features' pages may show of the patients feature.
export { StaffPatientsList } from "./staff-patients-list.tsx";
// The session-review pages name the patient in their heading and show which level they play.
export { usePatient, usePatientGameLevels } from "./use-patients.ts";
// The assign page chooses patients from the same list, with its search and filters.
export { usePatientList } from "./use-patients.ts";
export { REVIEW_LABEL, STATUS_LABEL } from "./patient-labels.ts";
export { GameLevelFilter } from "./game-level-filter.tsx";
// The SLP form picks country, state and city the same way (slps → patients, never the reverse).
export { PlacePicker } from "./place-picker.tsx";
// The audit log's patient filter picks a patient by name from the same list search, or by number.
export { PatientPicker } from "./patient-picker.tsx";
