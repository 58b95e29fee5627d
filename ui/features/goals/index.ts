// What other features' pages may show of the goals feature (issue 37). The patient record
// lazy-loads the section: patients -> goals, never the reverse.
export { PatientGoalsSection, type PatientGoalsSectionProps } from "./patient-goals-section.tsx";
