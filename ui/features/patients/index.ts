// What other features' pages may show of the patients feature.
export { StaffPatientsList } from "./staff-patients-list.tsx";
